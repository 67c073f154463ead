/// An `Accept` header: media ranges with their quality values and parameters.
struct AcceptHeader: Sendable {
    struct Range: Sendable {
        let name: MediaTypeName
        let quality: Double
        /// The parameters before `q` (after it come extensions, RFC 9110 §12.5.1): a range with
        /// `charset=utf-8` matches a type that says nothing of its charset or says the same.
        let parameters: [(name: String, value: String)]
    }

    let ranges: [Range]

    /// Parses `image/png, application/pdf;q=0`. Elements that are not media ranges are skipped, as
    /// servers skip them.
    init(_ text: String) {
        // Most clients send one range without parameters (`application/json`, `*/*`).
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") }) {
            ranges = MediaTypeName(text).map { [Range(name: $0, quality: 1, parameters: [])] } ?? []
            return
        }
        ranges = text.splitting(at: UInt8(ascii: ",")).compactMap { element in
            guard let name = MediaTypeName(element) else { return nil }
            let all = name.parameters
            let quality = all.first { $0.name == "q" }.flatMap { Double($0.value) } ?? 1
            return Range(name: name, quality: quality, parameters: Array(all.prefix { $0.name != "q" }))
        }
    }

    /// Whether a response of type `offered` (itself possibly a range, `image/*`) is acceptable: the most
    /// specific range that matches it must have a quality above zero (RFC 9110 §12.5.1). A type with a
    /// structured syntax suffix and its base type match each other (`application/vnd.github+json` and
    /// `application/json`, RFC 6839), ranked below an exact match, so `application/json;q=0` still
    /// excludes JSON for a client that also asks for the vendor type.
    func accepts(_ offered: MediaTypeName) -> Bool {
        if ranges.isEmpty { return true }
        var best: (score: Int, parameters: Int, quality: Double)?
        for range in ranges where Self.parametersAgree(range.parameters, offered) {
            let score: Int
            if let exact = range.name.specificity(matching: offered) {
                score = exact
            } else if range.name.isSuffixVariant(of: offered) {
                score = 2
            } else if offered.specificity(matching: range.name) != nil {
                // The contract documents a range (`image/*`) that contains what the client asks for.
                score = -1
            } else {
                continue
            }
            if let current = best, (current.score, current.parameters) >= (score, range.parameters.count) { continue }
            best = (score, range.parameters.count, range.quality)
        }
        return (best?.quality ?? 0) > 0
    }

    /// Whether every parameter the range names is absent from `offered` or has the same value there
    /// (values compared without case, as `charset` values are).
    private static func parametersAgree(_ parameters: [(name: String, value: String)], _ offered: MediaTypeName)
        -> Bool
    {
        if parameters.isEmpty { return true }
        return parameters.allSatisfy { parameter in
            offered.parameter(parameter.name).map { $0.lowercased() == parameter.value.lowercased() } ?? true
        }
    }
}
