// Included by torch_ext.cu: the dependency file names it.
constexpr float kScale = 2.0f;
