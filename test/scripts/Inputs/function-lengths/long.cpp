int sevenLines(int X) {
  X += 1;
  X += 2;
  X += 3;
  X += 4;
  return X;
}
