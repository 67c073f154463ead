extension StringProtocol {
    /// Splits at an ASCII separator by scanning UTF-8 bytes, which is much cheaper than splitting by
    /// `Character` (grapheme breaking) and safe, since an ASCII byte never occurs inside a multi-byte
    /// sequence. Empty pieces are kept.
    func splitting(at separator: UInt8, maxSplits: Int = .max) -> [Substring] {
        let text = Substring(self)
        let utf8 = text.utf8
        // Native strings: scan the contiguous bytes for the separators, then cut the view at their offsets
        // (offsetting a native string's UTF-8 index is constant time), rather than stepping the view one
        // index at a time, which is slow per byte.
        let split = utf8.withContiguousStorageIfAvailable { bytes -> [Substring] in
            var separators = 0
            for byte in bytes where byte == separator { separators += 1 }
            var pieces: [Substring] = []
            pieces.reserveCapacity(Swift.min(separators, maxSplits) + 1)
            var start = utf8.startIndex
            for offset in bytes.indices where bytes[offset] == separator {
                if pieces.count == maxSplits { break }
                let cut = utf8.index(utf8.startIndex, offsetBy: offset)
                // Sliced through the UTF-8 view: an ASCII separator always stands on a scalar boundary, so
                // the string slice's alignment checks are not needed.
                pieces.append(Substring(utf8[start..<cut]))
                start = utf8.index(after: cut)
            }
            pieces.append(Substring(utf8[start..<utf8.endIndex]))
            return pieces
        }
        if let split { return split }
        // Text without contiguous UTF-8 (bridged): a native copy has it, and splits the same way.
        return String(text).splitting(at: separator, maxSplits: maxSplits)
    }
}
