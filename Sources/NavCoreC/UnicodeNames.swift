// The Unicode names of scalars, left out of the library.
//
// The Swift standard library keeps the name of every Unicode scalar (about 0.54 MB of tables)
// for `Unicode.Scalar.Properties.name` and `nameAlias`, and only those two properties read them.
// navcore never asks a scalar its name, but the stdlib's code that could is not separable at
// link, so the tables came along. The link redirects the stdlib's two lookups to the functions
// below (`--wrap`, Package.swift), which answer "no name": the tables are then unreferenced and
// the linker drops them (docs/building.md, "Build options"). Inside the library both properties
// are nil for every scalar; nothing else changes.

/// Writes no name of `scalar` into `buffer` and returns its length, 0: what the stdlib's
/// `_swift_stdlib_getScalarName` returns for a scalar without a name.
@_cdecl("__wrap__swift_stdlib_getScalarName")
func unicodeScalarName(_ scalar: UInt32, _ buffer: UnsafeMutablePointer<UInt8>?, _ capacity: Int) -> Int {
    0
}

/// No name alias of `scalar`: NULL, what the stdlib's `_swift_stdlib_getNameAlias` returns for a
/// scalar without one.
@_cdecl("__wrap__swift_stdlib_getNameAlias")
func unicodeNameAlias(_ scalar: UInt32) -> UnsafePointer<UInt8>? {
    nil
}
