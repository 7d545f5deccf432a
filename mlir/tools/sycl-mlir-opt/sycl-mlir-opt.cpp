//===- sycl-mlir-opt.cpp - mlir-opt for the SYCL dialect ------------------===//
//
// mlir-opt with the SYCL dialect and passes. Besides MLIR it reads LLVM IR
// (.ll or .bc, by extension), imported with MLIR's LLVM IR importer, so host
// code clang wrote can be raised directly:
//
//   sycl-mlir-opt host.ll --sycl-device-ir=device.bc --sycl-raise-host
//
// --sycl-device-ir adds the kernels of a device module (functions with a
// kernel calling convention) as `gpu.func ... kernel` symbols in
// `gpu.module @device_functions`, which the sycl.host ops refer to.
//
//===----------------------------------------------------------------------===//

#include "usycl/Dialect/SYCL/IR/SYCLOps.h"
#include "usycl/Dialect/SYCL/Transforms/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/IR/CallingConv.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static llvm::cl::opt<std::string> DeviceIR(
    "sycl-device-ir",
    llvm::cl::desc("device LLVM IR (.ll/.bc) whose kernels become gpu.func symbols"),
    llvm::cl::value_desc("file"), llvm::cl::init(""));

static bool isLLVMIRFile(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".ll" || Ext == ".bc";
}

static std::unique_ptr<llvm::Module> readLLVMIR(llvm::StringRef Path, llvm::LLVMContext &Ctx) {
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseIRFile(Path, Err, Ctx);
  if (!M)
    Err.print("sycl-mlir-opt", llvm::errs());
  return M;
}

static bool isKernelCC(unsigned CC) {
  return CC == llvm::CallingConv::PTX_Kernel || CC == llvm::CallingConv::SPIR_KERNEL ||
         CC == llvm::CallingConv::AMDGPU_KERNEL;
}

// gpu.module @device_functions { gpu.func @<kernel>(<args>) kernel { gpu.return } }
static void addKernelSymbols(ModuleOp Host, const llvm::Module &Device) {
  MLIRContext *Ctx = Host.getContext();
  OpBuilder B(Ctx);
  Host->setAttr(gpu::GPUDialect::getContainerModuleAttrName(), B.getUnitAttr());
  B.setInsertionPointToEnd(Host.getBody());
  auto GpuModule = gpu::GPUModuleOp::create(B, Host.getLoc(), "device_functions");
  B.setInsertionPointToStart(GpuModule.getBody());
  for (const llvm::Function &F : Device) {
    if (F.isDeclaration() || !isKernelCC(F.getCallingConv()))
      continue;
    SmallVector<Type> Inputs;
    for (const llvm::Argument &A : F.args()) {
      (void)A;
      Inputs.push_back(LLVM::LLVMPointerType::get(Ctx));
    }
    // The symbol and its arity; the device IR itself stays in the device
    // compilation (arguments are modelled as opaque pointers).
    auto Func = gpu::GPUFuncOp::create(B, Host.getLoc(), F.getName(),
                                         B.getFunctionType(Inputs, {}));
    Func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), B.getUnitAttr());
    OpBuilder::InsertionGuard G(B);
    B.setInsertionPointToEnd(&Func.getBody().front());
    gpu::ReturnOp::create(B, Host.getLoc());
  }
}

int main(int argc, char **argv) {
  llvm::InitLLVM Init(argc, argv);
  DialectRegistry Registry;
  Registry.insert<usycl::sycl::SYCLDialect, LLVM::LLVMDialect, gpu::GPUDialect,
                  DLTIDialect, func::FuncDialect>();
  registerAllFromLLVMIRTranslations(Registry);
  registerAllToLLVMIRTranslations(Registry);
  usycl::sycl::registerSYCLPasses();
  registerCanonicalizerPass();
  registerCSEPass();
  registerSymbolDCEPass();

  auto [InputFile, OutputFile] =
      registerAndParseCLIOptions(argc, argv, "SYCL MLIR optimizer driver\n", Registry);
  MlirOptMainConfig Config = MlirOptMainConfig::createFromCLOptions();

  std::string ErrorMessage;
  std::unique_ptr<llvm::MemoryBuffer> Input;
  if (isLLVMIRFile(InputFile) || !DeviceIR.empty()) {
    // Import (or parse) here, add the kernel symbols, and hand the result
    // to MlirOptMain as text.
    llvm::LLVMContext LLVMCtx;
    MLIRContext Ctx(Registry);
    Ctx.loadAllAvailableDialects();
    OwningOpRef<ModuleOp> Module;
    if (isLLVMIRFile(InputFile)) {
      std::unique_ptr<llvm::Module> M = readLLVMIR(InputFile, LLVMCtx);
      if (!M)
        return 1;
      Module = translateLLVMIRToModule(std::move(M), &Ctx,
                                       /*emitExpensiveWarnings=*/false);
    } else {
      llvm::SourceMgr SM;
      std::unique_ptr<llvm::MemoryBuffer> Buf = openInputFile(InputFile, &ErrorMessage);
      if (!Buf) {
        llvm::errs() << ErrorMessage << "\n";
        return 1;
      }
      SM.AddNewSourceBuffer(std::move(Buf), llvm::SMLoc());
      Module = parseSourceFile<ModuleOp>(SM, &Ctx);
    }
    if (!Module) {
      llvm::errs() << "sycl-mlir-opt: cannot read '" << InputFile << "'\n";
      return 1;
    }
    if (!DeviceIR.empty()) {
      std::unique_ptr<llvm::Module> Device = readLLVMIR(DeviceIR, LLVMCtx);
      if (!Device)
        return 1;
      addKernelSymbols(*Module, *Device);
    }
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    Module->print(OS, OpPrintingFlags().enableDebugInfo(true, /*prettyForm=*/false));
    Input = llvm::MemoryBuffer::getMemBufferCopy(Text, InputFile);
  } else {
    Input = openInputFile(InputFile, &ErrorMessage);
    if (!Input) {
      llvm::errs() << ErrorMessage << "\n";
      return 1;
    }
  }

  std::unique_ptr<llvm::ToolOutputFile> Output = openOutputFile(OutputFile, &ErrorMessage);
  if (!Output) {
    llvm::errs() << ErrorMessage << "\n";
    return 1;
  }
  if (failed(MlirOptMain(Output->os(), std::move(Input), Registry, Config)))
    return 1;
  Output->keep();
  return 0;
}
