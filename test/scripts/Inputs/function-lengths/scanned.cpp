// The scanner's cases; function_lengths.test runs it with --max 6.
#include <string>
#define BODY_OPENS {
#define LONG_MACRO(X) \
  void X() {         \
  }

namespace outer {
namespace {
const char *Braces = "}}}{";   // A string's braces are not code's.
int Table[] = {1, 2, 3};       // An initializer is not a body.
} // namespace

// Seven lines: over the limit.
int sevenLines(int X) {
  X += 1;
  X += 2; /* } a comment's brace */
  X += 3; // }
  X += '}';
  return X;
}

// Six lines: at the limit, not over.
int sixLines(int X) {
  X += 1;
  X += 2;
  X += 3;
  return X;
}

class Holder {
public:
  // A method defined in its class, with a raw string and a lambda.
  std::string inClass() const {
    auto Lambda = [] { return 1; };
    std::string S = R"x(})x";
    if (Lambda())
      S += "{";
    return S;
  }
  int Member{0};
};

// A signature over two lines counts from its first.
template <typename T>
T Holder2(T A,
          T B) {
  return A + B;
}
} // namespace outer

static int digitSeparator() {
  int Million = 1'000'000;
  return Million;
}

std::string outer::Holder::*notAFunction = nullptr;

int outer::qualified() {
  return 1;
  //
  //
  //
  //
}
