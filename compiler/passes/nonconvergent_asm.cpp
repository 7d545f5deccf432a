//===- nonconvergent_asm.cpp - Calls that are not convergent --------------===//

#include "nonconvergent_asm.hpp"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace usycl::passes {
namespace {

// Per-thread PTX instructions (ISA 8.x), by the name before the first '.'.
// Anything else, collectives above all, keeps the call convergent.
const StringSet<> &perThreadInstructions() {
  static const StringSet<> Names = {
      "abs", "add", "addc", "and", "atom", "bfe", "bfi", "bfind", "bmsk", "brev", "clz",
      "cnot", "copysign", "cos", "cvt", "cvta", "discard", "div", "dp2a", "dp4a", "ex2",
      "fence", "fma", "fns", "isspacep", "ld", "ldu", "lg2", "lop3", "mad", "mad24", "madc",
      "max", "membar", "min", "mov", "mul", "mul24", "nanosleep", "neg", "not", "or",
      "popc", "prefetch", "prefetchu", "prmt", "rcp", "red", "rem", "rsqrt", "sad", "selp",
      "set", "setp", "shf", "shl", "shr", "sin", "slct", "sqrt", "st", "sub", "subc",
      "szext", "tanh", "testp", "xor", "cp", "applypriority", "createpolicy", "tex", "tld4",
      "txq", "suld", "sust", "sured", "suq", "istypep", "getctarank", "mapa"};
  return Names;
}

} // namespace

bool isPerThreadPtx(StringRef Asm) {
  bool SawInstruction = false;
  // Statements end at ';' or a line break; PTX comments run to the line's end.
  SmallVector<StringRef, 8> Lines;
  Asm.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.split("//").first;
    SmallVector<StringRef, 4> Parts;
    Line.split(Parts, ';');
    for (StringRef Part : Parts) {
      StringRef S = Part.trim();
      // Braces scope registers; declarations and predicates are not work.
      while (S.consume_front("{") || S.consume_front("}"))
        S = S.ltrim();
      S = S.rtrim("} \t");
      if (S.empty() || S.starts_with("."))
        continue;
      if (S.starts_with("@")) // @%p / @!%p guard
        S = S.drop_until([](char C) { return C == ' ' || C == '\t'; }).ltrim();
      if (S.contains(':') && !S.contains(' ')) // a label
        continue;
      StringRef Mnemonic = S.take_until([](char C) { return C == '.' || C == ' ' || C == '\t'; });
      if (Mnemonic.empty() || !perThreadInstructions().contains(Mnemonic))
        return false;
      // cp.async.bulk and friends are per thread, but cp.reduce.async.bulk
      // tensor forms and the barrier-arriving variants are not worth the
      // risk: only plain cp.async (per-thread copies) passes.
      if (Mnemonic == "cp" && !S.starts_with("cp.async."))
        return false;
      if (S.contains(".sync") || S.contains(".aligned"))
        return false;
      SawInstruction = true;
    }
  }
  return SawInstruction;
}

// libdevice (libdevice.10.bc, linked at device link) is per-thread math: no
// function of it synchronises with other threads.
static bool isLibdeviceFunction(const Function *F) {
  return F && F->getName().starts_with("__nv_");
}

PreservedAnalyses NonConvergentAsmPass::run(Module &M, ModuleAnalysisManager &) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M) {
    if (isLibdeviceFunction(&F) && F.isConvergent()) {
      F.removeFnAttr(Attribute::Convergent);
      Changed = true;
    }
    for (BasicBlock &BB : F)
      for (Instruction &I : BB) {
        auto *Call = dyn_cast<CallInst>(&I);
        if (!Call || !Call->isConvergent())
          continue;
        if (Call->isInlineAsm()
                ? !isPerThreadPtx(cast<InlineAsm>(Call->getCalledOperand())->getAsmString())
                : !isLibdeviceFunction(Call->getCalledFunction()))
          continue;
        Call->removeFnAttr(Attribute::Convergent);
        Changed = true;
      }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void registerNonConvergentAsmPasses(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(NonConvergentAsmPass()); });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != NonConvergentAsmPass::name())
          return false;
        MPM.addPass(NonConvergentAsmPass());
        return true;
      });
}

} // namespace usycl::passes
