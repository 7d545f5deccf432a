//===- file_table.hpp - Tables of per-module files --------------*- C++ -*-===//
//
// sycl-post-link describes its output modules with a file table, and
// sycl-aspect-filter reads and rewrites such tables. Format (a DESIGN.md
// contract, keep it exact):
//
//   [Code|Properties|Symbols]
//   out_0.bc|out_0.prop|out_0.sym
//   out_1.bc|out_1.prop|out_1.sym
//
// The first line names the columns; then one '|'-separated row per module,
// each cell a file path (absolute, or relative to the current directory).
// The Code column is required; Properties and Symbols are optional.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace usycl {

namespace file_table_columns {
inline constexpr llvm::StringLiteral Code = "Code";
inline constexpr llvm::StringLiteral Properties = "Properties";
inline constexpr llvm::StringLiteral Symbols = "Symbols";
} // namespace file_table_columns

class FileTable {
public:
  using Row = std::vector<std::string>;

  // Precondition: the names are valid (see isValidColumnName), unique, and
  // include "Code".
  explicit FileTable(std::vector<std::string> Columns);

  llvm::ArrayRef<std::string> columns() const { return Columns; }
  std::optional<size_t> columnIndex(llvm::StringRef Name) const;
  bool hasColumn(llvm::StringRef Name) const {
    return columnIndex(Name).has_value();
  }

  size_t numRows() const { return Rows.size(); }
  llvm::ArrayRef<Row> rows() const { return Rows; }
  // Precondition: Row < numRows() and the column exists.
  llvm::StringRef cell(size_t Row, llvm::StringRef Column) const;

  // Fails if the row has the wrong number of cells or a cell cannot be
  // written (empty, or contains '|' or a line break).
  llvm::Error addRow(Row Cells);
  // Keeps the rows for which Keep(row) is true, in order.
  void filterRows(llvm::function_ref<bool(const Row &)> Keep);

  void write(llvm::raw_ostream &OS) const;
  llvm::Error writeFile(llvm::StringRef Path) const;

  // `FileName` only labels errors ("<file>:<line>: <what is wrong>").
  static llvm::Expected<FileTable> parse(llvm::StringRef Text,
                                         llvm::StringRef FileName);
  static llvm::Expected<FileTable> readFile(llvm::StringRef Path);

  static bool isValidColumnName(llvm::StringRef Name);
  static bool isValidCell(llvm::StringRef Cell);

private:
  std::vector<std::string> Columns;
  std::vector<Row> Rows;
};

} // namespace usycl
