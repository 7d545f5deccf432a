//===- integration_header.cpp - Kernel parameter descriptors --------------===//
//
// See integration_header.hpp.
//
//===----------------------------------------------------------------------===//

#include "integration_header.hpp"

#include "call_graph.hpp"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/SYCLKernelInfo.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace usycl::plugin {
namespace {

// Kinds as sycl::detail::kernel_param_kind.
enum ParamKind { Accessor = 0, StdLayout = 1, Pointer = 3, LocalAccessor = 6 };

struct ParamDesc {
  int Kind, Size, Offset, Info;
};

// sycl::_V1::accessor<T, Dims, Mode, Target, ...> / local_accessor<T, Dims>
const ClassTemplateSpecializationDecl *syclSpecialization(QualType T, StringRef Name) {
  const auto *S =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!S || S->getName() != Name)
    return nullptr;
  const DeclContext *DC = S->getDeclContext();
  while (DC && DC->isInlineNamespace())
    DC = DC->getParent();
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC);
  if (!NS || NS->getName() != "sycl")
    return nullptr;
  return S;
}

int intArg(const ClassTemplateSpecializationDecl *S, unsigned I) {
  const TemplateArgumentList &Args = S->getTemplateArgs();
  if (I >= Args.size() || Args[I].getKind() != TemplateArgument::Integral)
    return 0;
  return static_cast<int>(Args[I].getAsIntegral().getExtValue());
}

ParamDesc describe(ASTContext &Ctx, QualType T, int64_t Offset) {
  ParamDesc D{StdLayout, static_cast<int>(Ctx.getTypeSizeInChars(T).getQuantity()),
              static_cast<int>(Offset), 0};
  if (const auto *S = syclSpecialization(T, "accessor")) {
    D.Kind = Accessor;
    // dims | (mode - 1024) << 4 | (target - 2014) << 8
    D.Info = intArg(S, 1) | (intArg(S, 2) - 1024) << 4 | (intArg(S, 3) - 2014) << 8;
  } else if (const auto *S = syclSpecialization(T, "local_accessor")) {
    D.Kind = LocalAccessor;
    D.Info = intArg(S, 1);
  } else if (T->isPointerType()) {
    D.Kind = Pointer;
  }
  return D;
}

std::string escape(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

} // namespace

void IntegrationHeaderWriter::HandleTranslationUnit(ASTContext &Ctx) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  if (Diags.hasErrorOccurred())
    return;
  std::string Signatures, Params;
  llvm::raw_string_ostream Sig(Signatures), Par(Params);
  llvm::StringSet<> Seen;
  unsigned NumKernels = 0, NumParams = 0;
  for (const FunctionDecl *FD : Index->functions()) {
    if (classifyDeviceRoot(FD) != DeviceRoot::Kernel)
      continue;
    const auto *A = FD->getAttr<SYCLKernelEntryPointAttr>();
    const SYCLKernelInfo *Info = Ctx.findSYCLKernelInfo(A->getKernelName());
    if (!Info || FD->getNumParams() == 0 || !Seen.insert(Info->GetKernelName()).second)
      continue;
    QualType K = FD->getParamDecl(0)->getType().getNonReferenceType();
    const CXXRecordDecl *RD = K->getAsCXXRecordDecl();
    unsigned First = NumParams, Count = 0;
    Par << "  // " << Info->GetKernelName() << "\n";
    if (RD && RD->hasDefinition() && !RD->isInvalidDecl()) {
      const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
      for (const FieldDecl *F : RD->fields()) {
        int64_t Offset = Ctx.toCharUnitsFromBits(L.getFieldOffset(F->getFieldIndex()))
                             .getQuantity();
        ParamDesc D = describe(Ctx, F->getType(), Offset);
        Par << "  " << D.Kind << ", " << D.Size << ", " << D.Offset << ", " << D.Info
            << ",\n";
        ++Count;
      }
    }
    NumParams += Count;
    ++NumKernels;
    Sig << "  {\"" << escape(Info->GetKernelName()) << "\", " << Count << ", " << First
        << "},\n";
  }

  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                        "usycl plugin: cannot write the integration "
                                        "header '%0': %1");
    Diags.Report(ID) << Path << EC.message();
    return;
  }
  // Templated on the kernel's name (any argument gives the same tables):
  // sycl/detail/kernel_param_desc.hpp declares the template and uses it with
  // a dependent argument, so the SYCL headers may be read before this file.
  OS << "// Integration header written by the usycl plugin (device pass): the\n"
        "// kernel parameter descriptors of sycl/detail/kernel_param_desc.hpp.\n"
        "#pragma once\n"
        "namespace __usycl_int_header {\n"
        "struct kernel_signature_t {\n"
        "  const char *name;\n"
        "  unsigned num_params;\n"
        "  unsigned first;\n"
        "};\n"
        "template <typename KernelName> struct tables;\n"
        "template <typename KernelName> struct tables {\n"
        "  static constexpr kernel_signature_t kernel_signatures[] = {\n"
     << Signatures
     << "    {\"\", 0, 0}};\n"
        "  static constexpr unsigned num_kernel_signatures = "
     << NumKernels
     << ";\n"
        "  // kind, size, offset, info per captured field\n"
        "  static constexpr int kernel_params[] = {\n"
     << Params
     << "    -1, 0, 0, 0};\n"
        "};\n"
        "} // namespace __usycl_int_header\n";
}

} // namespace usycl::plugin
