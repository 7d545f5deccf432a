//===- lambda_attributes.cpp - Kernel attributes on lambdas ---------------===//
//
// See lambda_attributes.hpp.
//
//===----------------------------------------------------------------------===//

#include "lambda_attributes.hpp"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <vector>

using namespace clang;

namespace usycl::plugin {
namespace {

llvm::DenseSet<SourceLocation::UIntTy> &movedAttributeNames() {
  static llvm::DenseSet<SourceLocation::UIntTy> Names;
  return Names;
}

bool isMovedAttribute(llvm::StringRef Scope, llvm::StringRef Name) {
  return Scope == "sycl" &&
         (Name == "device_has" || Name == "reqd_work_group_size" ||
          Name == "reqd_sub_group_size");
}

// One attribute of an attribute-specifier, as raw tokens.
struct RawAttribute {
  std::vector<Token> Tokens; // everything from the scope (or name) to ')'
  Token Scope;               // scope identifier (or the `using` prefix's)
  bool HasScope = false;
  Token Name;
  bool Ours = false;
};

struct RawSpecifier {
  std::vector<Token> UsingPrefix; // `using ns :`, if any
  std::vector<RawAttribute> Attributes;
};

class LambdaAttributeMover {
public:
  explicit LambdaAttributeMover(CompilerInstance &CI)
      : PP(CI.getPreprocessor()), SM(CI.getSourceManager()),
        Diags(CI.getDiagnostics()) {}

  void onToken(const Token &T);

private:
  Preprocessor &PP;
  SourceManager &SM;
  DiagnosticsEngine &Diags;

  enum class Paren : uint8_t { Other, LambdaParams, Specifier };
  std::vector<Paren> Parens;
  tok::TokenKind Prev = tok::unknown;
  // `]<...>` of a generic lambda's template parameter list.
  int LambdaTemplateAngles = 0;
  bool LambdaTemplateClosed = false;
  // Between a lambda's parameter list and whatever follows its specifiers.
  bool AfterLambdaParams = false;

  // Attributes taken out of a declarator, waiting for the lambda's body.
  std::vector<Token> Pending;
  SourceLocation PendingLoc;
  int PendingDepth = 0;

  // The same move where the file cannot be re-lexed: a lambda written
  // inside a macro argument or a macro body, or attributes that a macro
  // expands to (`[=]() KERNEL_ATTRS {...}`). The attribute tokens are
  // watched one by one as the parser receives them; each token of a
  // `sycl::` attribute is copied to Pending and turned into a comma in the
  // stream, which leaves `[[, , ...]]` (or `[[using sycl: , ...]]`), an
  // empty attribute-specifier that clang accepts silently.
  enum class MacroSeq : uint8_t {
    Idle,
    Armed,
    Open1,
    AttrStart,
    UsingNs,
    UsingColon,
    Ours,
    Theirs,
    Close1
  };
  MacroSeq Seq = MacroSeq::Idle;
  int SeqDepth = 0;
  std::vector<Token> SeqAttr;
  // The specifier's `using NS:` prefix, if any: with `using sycl:` every
  // attribute of the list is ours, with another namespace none is.
  enum class UsingPrefix : uint8_t { None, Sycl, Other };
  UsingPrefix SeqUsing = UsingPrefix::None;
  bool onMacroSeqToken(const Token &T);
  void flushMacroAttribute();

  bool tryMoveAttributes(const Token &T);
  bool lexSpecifierSeq(const char *From, FileID FID,
                       std::vector<RawSpecifier> &Seq, const char *&End);
  void cook(Token &Tok);
  void enterTokens(const std::vector<Token> &Toks);
  void watchForBody(const Token &T);
};

// Enters Toks after the token being lexed; the preprocessor owns the copy
// (its ArrayRef overload would keep pointing at our vector).
void LambdaAttributeMover::enterTokens(const std::vector<Token> &Toks) {
  auto Copy = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Copy.get());
  PP.EnterTokenStream(std::move(Copy), Toks.size(),
                      /*DisableMacroExpansion=*/false, /*IsReinject=*/true);
}

void LambdaAttributeMover::cook(Token &Tok) {
  if (Tok.is(tok::raw_identifier))
    PP.LookUpIdentifierInfo(Tok);
  Tok.clearFlag(Token::StartOfLine);
}

// Lexes `[[...]] [[...]]` raw from `From`. Returns false (and moves nothing)
// for anything it does not understand.
bool LambdaAttributeMover::lexSpecifierSeq(const char *From, FileID FID,
                                           std::vector<RawSpecifier> &Seq,
                                           const char *&End) {
  llvm::StringRef Buffer = SM.getBufferData(FID);
  Lexer Raw(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buffer.begin(),
            From, Buffer.end());
  auto Next = [&](Token &Tok) {
    Raw.LexFromRawLexer(Tok);
    // A directive inside the seq: leave it to clang.
    return !(Tok.is(tok::eof) ||
             (Tok.is(tok::hash) && Tok.isAtStartOfLine()));
  };
  Token Tok;
  if (!Next(Tok) || Tok.isNot(tok::l_square))
    return false;
  while (true) {
    Token Second;
    if (!Next(Second) || Second.isNot(tok::l_square))
      return false;
    RawSpecifier Spec;
    Token Cur;
    if (!Next(Cur))
      return false;
    // [[using ns: ...]]
    if (Cur.is(tok::raw_identifier) && Cur.getRawIdentifier() == "using") {
      Token Ns, Colon;
      if (!Next(Ns) || Ns.isNot(tok::raw_identifier) || !Next(Colon) ||
          Colon.isNot(tok::colon))
        return false;
      Spec.UsingPrefix = {Cur, Ns, Colon};
      if (!Next(Cur))
        return false;
    }
    // attribute-list, then `]]`
    while (true) {
      if (Cur.is(tok::r_square))
        break;
      if (Cur.is(tok::comma)) { // empty list element
        if (!Next(Cur))
          return false;
        continue;
      }
      if (Cur.isNot(tok::raw_identifier))
        return false;
      RawAttribute A;
      A.Tokens.push_back(Cur);
      Token After;
      if (!Next(After))
        return false;
      if (After.is(tok::coloncolon)) {
        if (!Spec.UsingPrefix.empty())
          return false; // ill-formed; let clang say so
        A.Scope = Cur;
        A.HasScope = true;
        A.Tokens.push_back(After);
        if (!Next(Cur) || Cur.isNot(tok::raw_identifier))
          return false;
        A.Tokens.push_back(Cur);
        A.Name = Cur;
        if (!Next(After))
          return false;
      } else {
        A.Name = Cur;
        if (!Spec.UsingPrefix.empty()) {
          A.Scope = Spec.UsingPrefix[1];
          A.HasScope = true;
        }
      }
      if (After.is(tok::l_paren)) {
        int Depth = 0;
        A.Tokens.push_back(After);
        while (true) {
          Token Arg;
          if (!Next(Arg))
            return false;
          A.Tokens.push_back(Arg);
          if (Arg.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
            ++Depth;
          else if (Arg.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
            if (Depth == 0) {
              if (Arg.isNot(tok::r_paren))
                return false;
              break;
            }
            --Depth;
          }
        }
        if (!Next(After))
          return false;
      }
      if (After.is(tok::ellipsis)) {
        A.Tokens.push_back(After);
        if (!Next(After))
          return false;
      }
      A.Ours = A.HasScope && isMovedAttribute(A.Scope.getRawIdentifier(),
                                              A.Name.getRawIdentifier());
      Spec.Attributes.push_back(std::move(A));
      if (After.is(tok::comma)) {
        if (!Next(Cur))
          return false;
        continue;
      }
      Cur = After;
      if (Cur.isNot(tok::r_square))
        return false;
    }
    Token Close;
    if (!Next(Close) || Close.isNot(tok::r_square))
      return false;
    Seq.push_back(std::move(Spec));
    End = SM.getCharacterData(Close.getLocation()) + 1;
    // The seq goes on with another `[[`, or ends after this `]]`.
    Token Open1, Open2;
    if (!Next(Open1) || Open1.isNot(tok::l_square))
      return true;
    if (!Next(Open2) || Open2.isNot(tok::l_square))
      return true;
    // Re-lex the second `[` as the loop expects: rewind to just after the
    // first one.
    Raw.seek(SM.getFileOffset(Open1.getLocation()) + 1, false);
  }
}

bool LambdaAttributeMover::tryMoveAttributes(const Token &T) {
  if (!T.getLocation().isFileID())
    return false;
  auto *L = static_cast<Lexer *>(PP.getCurrentLexer());
  if (!L)
    return false;
  FileID FID = SM.getFileID(T.getLocation());
  if (L->getFileID() != FID)
    return false;
  const char *TokenEnd = SM.getCharacterData(T.getLocation()) + T.getLength();
  // The file lexer must have produced T just now (not a macro expansion,
  // not a token replayed from a cache).
  if (L->getBufferLocation() != TokenEnd)
    return false;

  std::vector<RawSpecifier> Seq;
  const char *End = nullptr;
  if (!lexSpecifierSeq(TokenEnd, FID, Seq, End))
    return false;
  bool AnyOurs = false;
  for (const RawSpecifier &S : Seq)
    for (const RawAttribute &A : S.Attributes)
      AnyOurs |= A.Ours;
  if (!AnyOurs)
    return false;

  // The rest of the seq goes back into the stream where it was.
  std::vector<Token> Keep;
  for (const RawSpecifier &S : Seq) {
    std::vector<const RawAttribute *> Others;
    for (const RawAttribute &A : S.Attributes)
      if (!A.Ours)
        Others.push_back(&A);
    if (Others.empty())
      continue;
    Token Open;
    Open.startToken();
    Open.setKind(tok::l_square);
    Open.setLocation(Others.front()->Tokens.front().getLocation());
    Open.setLength(1);
    Keep.push_back(Open);
    Keep.push_back(Open);
    for (Token Tok : S.UsingPrefix) {
      cook(Tok);
      Keep.push_back(Tok);
    }
    for (size_t I = 0; I < Others.size(); ++I) {
      if (I) {
        Token Comma = Open;
        Comma.setKind(tok::comma);
        Keep.push_back(Comma);
      }
      for (Token Tok : Others[I]->Tokens) {
        cook(Tok);
        Keep.push_back(Tok);
      }
    }
    Token Close = Open;
    Close.setKind(tok::r_square);
    Close.setLocation(Others.back()->Tokens.back().getLocation());
    Keep.push_back(Close);
    Keep.push_back(Close);
  }

  // Ours become `[[sycl::name(args)]];` statements at the body's start.
  for (const RawSpecifier &S : Seq) {
    for (const RawAttribute &A : S.Attributes) {
      if (!A.Ours)
        continue;
      SourceLocation Begin = A.Tokens.front().getLocation();
      Token Open;
      Open.startToken();
      Open.setKind(tok::l_square);
      Open.setLocation(Begin);
      Open.setLength(1);
      Pending.push_back(Open);
      Pending.push_back(Open);
      if (!S.UsingPrefix.empty()) {
        Token Scope = A.Scope;
        cook(Scope);
        Token Colons = Open;
        Colons.setKind(tok::coloncolon);
        Colons.setLength(2);
        Pending.push_back(Scope);
        Pending.push_back(Colons);
      }
      for (Token Tok : A.Tokens) {
        cook(Tok);
        Pending.push_back(Tok);
      }
      Token Close = Open;
      Close.setKind(tok::r_square);
      Close.setLocation(A.Tokens.back().getLocation());
      Pending.push_back(Close);
      Pending.push_back(Close);
      Token Semi = Close;
      Semi.setKind(tok::semi);
      Pending.push_back(Semi);
      // ParsedAttr::getLoc() is where the attribute's range begins: the
      // scope, or the name when there is none.
      movedAttributeNames().insert(A.Name.getLocation().getRawEncoding());
      movedAttributeNames().insert(
          A.Tokens.front().getLocation().getRawEncoding());
      if (A.HasScope)
        movedAttributeNames().insert(A.Scope.getLocation().getRawEncoding());
      if (PendingLoc.isInvalid())
        PendingLoc = A.Name.getLocation();
    }
  }

  unsigned Offset = SM.getFileOffset(T.getLocation()) + T.getLength() +
                    static_cast<unsigned>(End - TokenEnd);
  L->seek(Offset, /*IsAtStartOfLine=*/false);
  if (!Keep.empty())
    enterTokens(Keep);
  PendingDepth = 0;
  return true;
}

// Between the moved attributes and the lambda's body: a trailing return
// type and a requires-clause may come first.
void LambdaAttributeMover::watchForBody(const Token &T) {
  if (T.isOneOf(tok::l_paren, tok::l_square)) {
    ++PendingDepth;
    return;
  }
  if (T.isOneOf(tok::r_paren, tok::r_square)) {
    --PendingDepth;
    return;
  }
  if (PendingDepth > 0)
    return;
  if (T.is(tok::l_brace)) {
    enterTokens(Pending);
    Pending.clear();
    PendingLoc = SourceLocation();
    return;
  }
  if (T.isOneOf(tok::semi, tok::r_brace, tok::eof)) {
    unsigned ID = Diags.getCustomDiagID(
        DiagnosticsEngine::Warning,
        "SYCL kernel attribute ignored: no lambda body follows it");
    Diags.Report(PendingLoc, ID);
    Pending.clear();
    PendingLoc = SourceLocation();
  }
}

void LambdaAttributeMover::flushMacroAttribute() {
  if (SeqAttr.empty())
    return;
  Token Open;
  Open.startToken();
  Open.setKind(tok::l_square);
  Open.setLocation(SeqAttr.front().getLocation());
  Open.setLength(1);
  Pending.push_back(Open);
  Pending.push_back(Open);
  for (Token Tok : SeqAttr) {
    Tok.clearFlag(Token::StartOfLine);
    Tok.clearFlag(Token::LeadingSpace);
    Pending.push_back(Tok);
  }
  Token Close = Open;
  Close.setKind(tok::r_square);
  Pending.push_back(Close);
  Pending.push_back(Close);
  Token Semi = Close;
  Semi.setKind(tok::semi);
  Pending.push_back(Semi);
  // scope `sycl`, then `::`, then the name (see tryMoveAttributes).
  movedAttributeNames().insert(SeqAttr.front().getLocation().getRawEncoding());
  if (SeqAttr.size() >= 3) {
    movedAttributeNames().insert(SeqAttr[2].getLocation().getRawEncoding());
    if (PendingLoc.isInvalid())
      PendingLoc = SeqAttr[2].getLocation();
  }
  PendingDepth = 0;
  SeqAttr.clear();
}

// Returns true when T belongs to an attribute-specifier-seq being watched.
bool LambdaAttributeMover::onMacroSeqToken(const Token &T) {
  auto &Mutable = const_cast<Token &>(T); // the token the parser receives
  switch (Seq) {
  case MacroSeq::Idle:
    return false;
  case MacroSeq::Armed:
    if (T.is(tok::l_square)) {
      Seq = MacroSeq::Open1;
      return true;
    }
    Seq = MacroSeq::Idle;
    return false;
  case MacroSeq::Open1:
    Seq = T.is(tok::l_square) ? MacroSeq::AttrStart : MacroSeq::Idle;
    SeqUsing = UsingPrefix::None;
    return true;
  case MacroSeq::AttrStart:
    SeqDepth = 0;
    if (T.is(tok::comma))
      return true;
    if (T.is(tok::r_square)) {
      Seq = MacroSeq::Close1;
      return true;
    }
    if (T.is(tok::kw_using) && SeqUsing == UsingPrefix::None) {
      Seq = MacroSeq::UsingNs;
      return true;
    }
    if (SeqUsing == UsingPrefix::Sycl && T.is(tok::identifier)) {
      // `using sycl: name(...)`: the prefix stays in the stream (clang
      // accepts `[[using sycl: , ,]]`); the moved statement gets the
      // scope back, located at the name.
      Token Scope = T;
      Scope.setIdentifierInfo(PP.getIdentifierInfo("sycl"));
      Scope.setLength(4);
      Token Colons = T;
      Colons.setKind(tok::coloncolon);
      Colons.setLength(2);
      Colons.setIdentifierInfo(nullptr);
      SeqAttr.push_back(Scope);
      SeqAttr.push_back(Colons);
      SeqAttr.push_back(T);
      Mutable.setKind(tok::comma);
      Mutable.setIdentifierInfo(nullptr);
      Seq = MacroSeq::Ours;
      return true;
    }
    if (SeqUsing == UsingPrefix::None && T.is(tok::identifier) &&
        T.getIdentifierInfo() && T.getIdentifierInfo()->getName() == "sycl") {
      Seq = MacroSeq::Ours;
      SeqAttr.push_back(T);
      Mutable.setKind(tok::comma);
      Mutable.setIdentifierInfo(nullptr);
      return true;
    }
    Seq = MacroSeq::Theirs;
    return true;
  case MacroSeq::UsingNs:
    if (T.isNot(tok::identifier)) {
      Seq = MacroSeq::Idle; // ill-formed; let clang say so
      return true;
    }
    SeqUsing = T.getIdentifierInfo()->getName() == "sycl" ? UsingPrefix::Sycl
                                                          : UsingPrefix::Other;
    Seq = MacroSeq::UsingColon;
    return true;
  case MacroSeq::UsingColon:
    Seq = T.is(tok::colon) ? MacroSeq::AttrStart : MacroSeq::Idle;
    return true;
  case MacroSeq::Ours:
  case MacroSeq::Theirs: {
    bool Ours = Seq == MacroSeq::Ours;
    if (SeqDepth == 0 && T.isOneOf(tok::comma, tok::r_square)) {
      if (Ours)
        flushMacroAttribute();
      Seq = T.is(tok::comma) ? MacroSeq::AttrStart : MacroSeq::Close1;
      return true;
    }
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++SeqDepth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --SeqDepth;
    if (Ours) {
      SeqAttr.push_back(T);
      Mutable.setKind(tok::comma);
      Mutable.setIdentifierInfo(nullptr);
    }
    return true;
  }
  case MacroSeq::Close1:
    // `]]`; another specifier may follow.
    Seq = T.is(tok::r_square) ? MacroSeq::Armed : MacroSeq::Idle;
    return true;
  }
  return false;
}

void LambdaAttributeMover::onToken(const Token &T) {
  if (Seq != MacroSeq::Idle && onMacroSeqToken(T))
    return;
  if (!Pending.empty())
    watchForBody(T);

  bool Trigger = false;
  switch (T.getKind()) {
  case tok::l_paren: {
    Paren Kind = Paren::Other;
    if (Prev == tok::r_square || LambdaTemplateClosed)
      Kind = Paren::LambdaParams;
    else if (AfterLambdaParams &&
             (Prev == tok::kw_noexcept || Prev == tok::kw_throw))
      Kind = Paren::Specifier;
    Parens.push_back(Kind);
    if (Kind != Paren::Specifier)
      AfterLambdaParams = false;
    break;
  }
  case tok::r_paren: {
    Paren Kind = Parens.empty() ? Paren::Other : Parens.back();
    if (!Parens.empty())
      Parens.pop_back();
    AfterLambdaParams =
        Kind == Paren::LambdaParams || Kind == Paren::Specifier;
    Trigger = AfterLambdaParams;
    break;
  }
  case tok::kw_mutable:
  case tok::kw_constexpr:
  case tok::kw_consteval:
  case tok::kw_static:
  case tok::kw_noexcept:
    Trigger = AfterLambdaParams;
    break;
  case tok::kw_throw:
    break; // keeps AfterLambdaParams for `throw()`
  default:
    // Inside noexcept(...) the state is kept by the paren stack.
    if (Parens.empty() || Parens.back() != Paren::Specifier)
      AfterLambdaParams = false;
    break;
  }

  // Template parameter list of a generic lambda: ]<...>(
  LambdaTemplateClosed = false;
  if (T.is(tok::less) && Prev == tok::r_square) {
    LambdaTemplateAngles = 1;
  } else if (LambdaTemplateAngles > 0) {
    if (T.is(tok::less))
      ++LambdaTemplateAngles;
    else if (T.is(tok::greater))
      --LambdaTemplateAngles;
    else if (T.is(tok::greatergreater))
      LambdaTemplateAngles -= 2;
    if (LambdaTemplateAngles <= 0) {
      LambdaTemplateAngles = 0;
      LambdaTemplateClosed = true;
    }
  }
  Prev = T.getKind();

  if (Trigger && Pending.empty()) {
    // The file's text is re-lexed where it can be; otherwise (T or the
    // specifiers after it come from a macro, or the text is something the
    // raw lexer does not follow) the tokens are watched as they arrive.
    if (tryMoveAttributes(T))
      AfterLambdaParams = false;
    else
      Seq = MacroSeq::Armed;
  }
}

} // namespace

void installLambdaAttributeMover(CompilerInstance &CI) {
  auto Mover = std::make_shared<LambdaAttributeMover>(CI);
  CI.getPreprocessor().setTokenWatcher(
      [Mover](const Token &T) { Mover->onToken(T); });
}

bool isMovedLambdaAttribute(SourceLocation NameLoc) {
  return movedAttributeNames().contains(NameLoc.getRawEncoding());
}

} // namespace usycl::plugin
