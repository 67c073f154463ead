/// An `Accept` header: media ranges with their quality values.
struct AcceptHeader: Sendable {
    struct Range: Sendable {
        let name: MediaTypeName
        let quality: Double
    }

    let ranges: [Range]

    /// Parses `image/png, application/pdf;q=0`. Elements that are not media ranges are skipped, as
    /// servers skip them.
    init(_ text: String) {
        // Most clients send one range without parameters (`application/json`, `*/*`).
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") }) {
            ranges = MediaTypeName(text).map { [Range(name: $0, quality: 1)] } ?? []
            return
        }
        ranges = text.splitting(at: UInt8(ascii: ",")).compactMap { element in
            guard let name = MediaTypeName(element) else { return nil }
            let quality = name.parameter("q").flatMap(Double.init) ?? 1
            return Range(name: name, quality: quality)
        }
    }

    /// Whether a response of type `offered` (itself possibly a range, `image/*`) is acceptable: the most
    /// specific range that matches it must have a quality above zero (RFC 9110 §12.5.1).
    func accepts(_ offered: MediaTypeName) -> Bool {
        if ranges.isEmpty { return true }
        var best: (score: Int, quality: Double)?
        for range in ranges {
            let score: Int
            if let exact = range.name.specificity(matching: offered) {
                score = exact
            } else if offered.specificity(matching: range.name) != nil {
                // The contract documents a range (`image/*`) that contains what the client asks for.
                score = -1
            } else {
                continue
            }
            if best == nil || score > (best?.score ?? -2) { best = (score, range.quality) }
        }
        return (best?.quality ?? 0) > 0
    }
}
