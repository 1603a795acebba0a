/* Valid C, invalid C++: compiled as C only when hipcc gives it -x c. */
int plain_c_answer(void) {
  int new = 42;
  return new;
}
