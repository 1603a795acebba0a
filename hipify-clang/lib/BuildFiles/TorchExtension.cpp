//===- TorchExtension.cpp - Files of a PyTorch extension ------------------===//
#include "hipkit/hipify/BuildFiles/TorchExtension.h"
#include "hipkit/hipify/Source/SourceText.h"

#include "llvm/ADT/StringRef.h"

using namespace hipkit::hipify;

/// The folders of PyTorch's headers, as an extension includes them. (When the
/// tables know PyTorch's own headers, NameResolver::resolveHeader answers for
/// the CUDA ones among them, ATen/cuda and c10/cuda; an extension includes
/// torch/extension.h, which is no CUDA header, just as often.)
static constexpr llvm::StringLiteral TorchHeaderFolders[] = {
    "torch/", "ATen/", "c10/", "THC/", "caffe2/"};

bool hipkit::hipify::includesTorchHeaders(const SourceText &Source) {
  for (const IncludeLine &Line : Source.includes())
    for (llvm::StringRef Folder : TorchHeaderFolders)
      if (llvm::StringRef(Line.HeaderName).starts_with(Folder))
        return true;
  return false;
}

bool hipkit::hipify::includesTorchHeaders(llvm::StringRef Contents) {
  return includesTorchHeaders(SourceText(Contents));
}

void hipkit::hipify::markForTorchHipify(FileTranslation &FT) {
  llvm::StringRef Contents = FT.contents();
  llvm::StringRef FirstLine =
      Contents.take_until([](char C) { return C == '\n'; });
  if (FirstLine.consume_back("\r"), FirstLine == TorchHipifyMarker)
    return;
  FT.addFirstLine(TorchHipifyMarker);
}
