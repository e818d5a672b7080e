// hypotf without glibc 2.35's.
//
// The stdlib's Glibc overlay, linked into the library, references `hypotf`, and glibc 2.35 gave
// it a new symbol version (GLIBC_2.35): the only symbol that kept the library, and so its wheel,
// from glibc 2.34 (RHEL 9). navcore never calls it. The link redirects the overlay's reference to
// the function below (`--wrap`, Package.swift), so the library imports no `hypotf` at all
// (docs/building.md, "The wheel").

/// `hypotf(x, y)` as glibc 2.35 computes it: the exact squares in double precision, summed and
/// rounded once, the square root rounded to float; infinite when either is infinite, even with a
/// quiet NaN, else NaN for a NaN. It does not set `errno`.
@_cdecl("__wrap_hypotf")
func hypotFloat(_ x: Float, _ y: Float) -> Float {
    if !x.isFinite || !y.isFinite {
        if (x.isInfinite || y.isInfinite) && !x.isSignalingNaN && !y.isSignalingNaN {
            return .infinity
        }
        return x + y
    }
    let (dx, dy) = (Double(x), Double(y))
    return Float((dx * dx + dy * dy).squareRoot())
}
