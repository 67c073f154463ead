// Memory safety: segment bounds are offsets from 0 to the path's UTF-8 count, recorded from `path` itself,
// which the value keeps; `withBytes` slices the buffer `withContiguousStorageIfAvailable` lends for the call.

/// A request path's `/`-separated segments as byte ranges of the path's UTF-8, kept inline for a usual
/// path: routing compares most segments as bytes and builds a `Substring` only for a
/// segment it must percent-decode, compare as Unicode text or match against a template. Cutting the
/// path into an array of substrings (and freeing it) was about a tenth of routing a request.
///
/// Segments are numbered from 0; a range of those numbers (`Range<Int>`, which slices without copying
/// anything) plays the part an `ArraySlice<Substring>` did. A leading `/` gives no empty first segment,
/// and one extra, empty segment stands after the last (`emptySegment`), for a path that ends exactly
/// where a server's base path does.
struct PathSegments {
    /// The path the segments are cut from (with contiguous UTF-8).
    let path: String
    /// Each segment's start and end offset in the path's UTF-8, one pair after another, for a path of up
    /// to seven segments: no allocation. A SIMD vector rather than an `InlineArray`, which Apple's systems
    /// have only from their 26 releases (the package supports macOS 13 and iOS 16).
    private var inline = SIMD16<Int>(repeating: 0)
    /// The same pairs for a longer path.
    private var spilled: [Int] = []
    /// The path's segments (the leading slash's empty one left out).
    private(set) var all: Range<Int> = 0..<0
    /// A range holding only the empty segment after the last.
    private(set) var emptySegment: Range<Int> = 0..<1

    init(_ path: String) {
        var path = path
        // A bridged string without contiguous UTF-8: a native copy has it.
        if path.utf8.withContiguousStorageIfAvailable({ _ in () }) == nil { path.makeContiguousUTF8() }
        self.path = path
        _ = path.utf8.withContiguousStorageIfAvailable { cut($0) }
    }

    private mutating func cut(_ bytes: UnsafeBufferPointer<UInt8>) {
        let slash = UInt8(ascii: "/")
        var count = 1
        for byte in bytes where byte == slash { count += 1 }
        // A pair per segment and one for the empty segment after the last.
        if 2 * count + 2 > inline.scalarCount { spilled = Array(repeating: 0, count: 2 * count + 2) }
        var pair = 0
        var start = 0
        for offset in bytes.indices where bytes[offset] == slash {
            setBound(pair, start)
            setBound(pair + 1, offset)
            pair += 2
            start = offset + 1
        }
        setBound(pair, start)
        setBound(pair + 1, bytes.count)
        setBound(pair + 2, bytes.count)
        setBound(pair + 3, bytes.count)
        // As splitting `/pets` gives `["", "pets"]` and routing dropped the first: a path that starts with
        // a slash (or is empty) has no empty first segment.
        all = (bound(1) == 0 ? 1 : 0)..<count
        emptySegment = count..<count + 1
    }

    private mutating func setBound(_ index: Int, _ offset: Int) {
        if spilled.isEmpty { inline[index] = offset } else { spilled[index] = offset }
    }

    private func bound(_ index: Int) -> Int {
        spilled.isEmpty ? inline[index] : spilled[index]
    }

    /// Calls `body` with the UTF-8 bytes of segment `number`, as sent (not percent-decoded).
    func withBytes<Result>(of number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let start = bound(2 * number)
        let end = bound(2 * number + 1)
        return path.utf8.withContiguousStorageIfAvailable { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Whether segment `number` is empty (as after a trailing slash).
    func isEmpty(_ number: Int) -> Bool {
        bound(2 * number) == bound(2 * number + 1)
    }

    /// Segment `number` as a slice of the path, as splitting the path gave it.
    func substring(_ number: Int) -> Substring {
        let utf8 = path.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bound(2 * number))
        let end = utf8.index(utf8.startIndex, offsetBy: bound(2 * number + 1))
        // Cut through the UTF-8 view: a `/` always stands on a scalar boundary.
        return Substring(utf8[start..<end])
    }

    /// The segments in `numbers` as substrings, for the rare answers that list or describe them.
    func substrings(_ numbers: Range<Int>) -> [Substring] {
        numbers.map { substring($0) }
    }

    /// Whether segment `number` equals `literal` as strings compare (`==`). The bytes decide when they are
    /// the same, or differ and both are ASCII (ASCII text equals only itself); other text is compared as
    /// strings, since it may be canonically equivalent with other bytes.
    func segment(_ number: Int, equals literal: String) -> Bool {
        let verdict = withBytes(of: number) { segment in
            literal.utf8.withContiguousStorageIfAvailable { Self.compare(segment, $0) } ?? nil
        }
        if case .some(.some(let equal)) = verdict { return equal }
        return substring(number) == literal
    }

    /// Whether the bytes name equal strings, or `nil` when only comparing them as strings can tell.
    private static func compare(_ segment: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>) -> Bool? {
        if literal.count == segment.count {
            var offset = 0
            while offset < literal.count, literal[offset] == segment[offset] { offset += 1 }
            if offset == literal.count { return true }
        }
        return isASCII(literal) && isASCII(segment) ? false : nil
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }
}
