//===- SetupPyMigration.cpp - A PyTorch extension's setup.py to HIP -------===//
#include "BuildFileEdits.h"

using namespace hipkit::hipify;

void buildfile::migrateSetupPy(FileTranslation &FT, const NamePolicy &Policy) {}
