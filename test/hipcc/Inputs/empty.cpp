// An empty C++ translation unit.
