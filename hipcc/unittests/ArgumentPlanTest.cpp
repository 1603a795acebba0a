//===- ArgumentPlanTest.cpp - The clang command a hipcc command becomes ---===//
//
// HipccDriver::computeInvocation runs nothing: the tests hand it the
// environment and the machine's GPUs, and compare the clang command.
//
//===----------------------------------------------------------------------===//
#include "hipkit/Hipcc/HipccDriver.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace hipkit;

namespace {

const std::string Stage = HIPKIT_UNITTEST_STAGE_DIR;

class ArgumentPlanTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("hipcc-plan-test", Dir));
    for (const char *Name : {"a.hip", "m.cpp", "a.o"}) {
      std::error_code EC;
      llvm::raw_fd_ostream(path(Name), EC) << "int main() { return 0; }\n";
      ASSERT_FALSE(EC);
    }
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }

  /// The clang arguments for \p Args, joined by spaces, with the test's
  /// folder written "<dir>" and the stage "<stage>", and hipcc's -cuid left
  /// out (into \p Cuid when given); or "error: ...".
  std::string plan(std::vector<std::string> Args,
                   std::string *Cuid = nullptr) const {
    std::vector<std::string> Expanded;
    for (std::string &A : Args) {
      size_t At = A.find("<dir>");
      Expanded.push_back(
          At == std::string::npos ? A : A.replace(At, 5, Dir.str().str()));
    }
    std::vector<const char *> Argv;
    for (const std::string &A : Expanded)
      Argv.push_back(A.c_str());
    HipccDriver Driver(
        Stage + "/bin/hipcc",
        [this](llvm::StringRef Name) -> std::optional<std::string> {
          auto It = Environment.find(Name);
          if (It == Environment.end())
            return std::nullopt;
          return It->second;
        },
        [this](llvm::StringRef) { return Gpus; });
    llvm::Expected<ClangInvocation> Invocation = Driver.computeInvocation(Argv);
    if (!Invocation)
      return "error: " + llvm::toString(Invocation.takeError());
    EXPECT_EQ(Invocation->ClangPath,
              std::string(HIPKIT_UNITTEST_CLANG_DIR) + "/clang++");
    std::string Joined;
    for (const std::string &A : Invocation->Args) {
      if (llvm::StringRef(A).starts_with("-cuid=")) {
        if (Cuid)
          *Cuid = A;
        continue;
      }
      std::string Shown = A;
      for (auto [From, To] :
           {std::pair<std::string, std::string>{Dir.str().str(), "<dir>"},
            {Stage, "<stage>"}})
        for (size_t At; (At = Shown.find(From)) != std::string::npos;)
          Shown.replace(At, From.size(), To);
      Joined += (Joined.empty() ? "" : " ") + Shown;
    }
    return Joined;
  }

  llvm::SmallString<128> Dir;
  llvm::StringMap<std::string> Environment;
  std::vector<std::string> Gpus; ///< What amdgpu-arch would report.
};

TEST_F(ArgumentPlanTest, CompileForTheDefaultTarget) {
  // No GPU on the machine, none named: gfx942 (MI300X), HIP's paths, -O3.
  EXPECT_EQ(plan({"-c", "<dir>/a.hip", "-o", "<dir>/a.o"}),
            "--rocm-path=<stage> -isystem <stage>/include -O3 "
            "--offload-arch=gfx942 -c -x hip "
            "<dir>/a.hip -o <dir>/a.o");
}

TEST_F(ArgumentPlanTest, TheMachinesGpuThenTheEnvironmentChoose) {
  Gpus = {"gfx90a"};
  EXPECT_EQ(plan({"-c", "<dir>/a.hip"}),
            "--rocm-path=<stage> -isystem <stage>/include -O3 "
            "--offload-arch=gfx90a -c -x hip "
            "<dir>/a.hip");
  Environment["HCC_AMDGPU_TARGET"] = "gfx1100";
  EXPECT_EQ(plan({"-c", "<dir>/a.hip"}),
            "--rocm-path=<stage> -isystem <stage>/include -O3 "
            "--offload-arch=gfx1100 -c -x hip "
            "<dir>/a.hip");
}

TEST_F(ArgumentPlanTest, NamedTargetsAreKeptInPlace) {
  Gpus = {"gfx90a"};
  EXPECT_EQ(
      plan({"-c", "<dir>/a.hip", "--offload-arch=gfx90a:xnack+",
            "--offload-arch=gfx942"}),
      "--rocm-path=<stage> -isystem <stage>/include -O3 -c -x hip <dir>/a.hip "
      "--offload-arch=gfx90a:xnack+ --offload-arch=gfx942");
  // A generic target needs code object version 6.
  EXPECT_EQ(plan({"-c", "<dir>/a.hip", "--offload-arch=gfx9-generic"}),
            "--rocm-path=<stage> -isystem <stage>/include -O3 "
            "-mcode-object-version=6 -c -x hip "
            "<dir>/a.hip --offload-arch=gfx9-generic");
}

TEST_F(ArgumentPlanTest, CppSourcesAreHip) {
  EXPECT_EQ(plan({"-c", "<dir>/m.cpp"}),
            "--rocm-path=<stage> -isystem <stage>/include -O3 "
            "--offload-arch=gfx942 -c -x hip "
            "<dir>/m.cpp");
}

TEST_F(ArgumentPlanTest, LinkAddsTheRuntime) {
  EXPECT_EQ(
      plan({"<dir>/a.o", "-o", "<dir>/app"}),
      "--rocm-path=<stage> -O3 <dir>/a.o -o <dir>/app --hip-link -L<stage>/lib "
      "-Wl,-rpath,/usr/lib/x86_64-linux-gnu");
}

TEST_F(ArgumentPlanTest, CompileFlagsFromTheEnvironmentComeLast) {
  Environment["HIPCC_COMPILE_FLAGS_APPEND"] = "-DX=1 -DY=2";
  EXPECT_EQ(plan({"-c", "<dir>/a.hip"}),
            "--rocm-path=<stage> -isystem <stage>/include -O3 "
            "--offload-arch=gfx942 -c -x hip "
            "<dir>/a.hip -DX=1 -DY=2");
}

TEST_F(ArgumentPlanTest, ErrorsSayWhatAndWhatToDo) {
  EXPECT_EQ(plan({"-c", "<dir>/missing.hip"}),
            "error: input file '" + path("missing.hip") +
                "' not found; check the path");
  EXPECT_EQ(plan({"-c", "<dir>/a.hip", "--offload-arch=gfx942:xnack+:xnack-"}),
            "error: invalid target ID 'gfx942:xnack+:xnack-': feature 'xnack' "
            "given twice");
  std::string Unknown = plan({"-c", "<dir>/a.hip", "--offload-arch=gfx9999"});
  EXPECT_EQ(
      Unknown.rfind("error: unknown offload arch 'gfx9999'; valid names: ", 0),
      0u)
      << Unknown;
}

// hipcc names the translation unit itself, from the command without its
// offload architectures, so that adding one leaves the others' device
// compiles (and their cache entries) unchanged; the source still counts.
TEST_F(ArgumentPlanTest, TheUnitsIdIgnoresTheArchitectures) {
  std::string One, Two, Other;
  plan({"-c", "<dir>/a.hip", "--offload-arch=gfx942"}, &One);
  plan({"-c", "<dir>/a.hip", "--offload-arch=gfx942", "--offload-arch=gfx90a"},
       &Two);
  plan({"-c", "<dir>/m.cpp", "--offload-arch=gfx942"}, &Other);
  EXPECT_FALSE(One.empty());
  EXPECT_EQ(One, Two);
  EXPECT_NE(One, Other);
  // A user's own -cuid is kept.
  std::string Users;
  plan({"-c", "<dir>/a.hip", "-cuid=mine"}, &Users);
  EXPECT_EQ(Users, "-cuid=mine");
}

} // namespace
