import ContractJSON

extension ValueGenerator {
    /// A string of the allowed length (in code points) that fits the format and every pattern: a format
    /// sample, else a sample of the first pattern, else a realistic word padded or cut to length. Format
    /// and pattern candidates are checked with the validators, since lengths and other patterns can reject them.
    mutating func generateString(_ node: MergedNode, site: Site) throws(GenerationFailure) -> JSONValue {
        let minimum = node.schema.minLength
        let maximum = node.schema.maxLength
        if let maximum, minimum > maximum {
            throw .unsatisfiable(
                "minLength \(minimum) is greater than maxLength \(maximum)", at: node.schema.lengthSite)
        }
        let format = node.schema.stringFormat
        // Format samples are valid by construction; patterns are checked with the validator's own matcher
        // (compiled once per pattern, not once per schema).
        let patterns = node.schema.patterns
        for attempt in 0..<12 {
            let variant = (site.variant &+ site.attempt &* 12 &+ attempt) & Int.max
            var text: String
            if let format {
                text = FormatSamples.sample(
                    format, salt: site.hints.salt, variant: variant, rng: &rng, random: isRandom)
            } else if let pattern = node.schema.patterns.first {
                if attempt == 0, let hint = site.hints.text,
                    case let proposal = RealisticValues.string(for: hint, variant: variant),
                    cache.matches(pattern, proposal)
                {
                    text = proposal
                } else {
                    let first = attempt == 0 && site.variant == 0 && site.attempt == 0
                    let sampler = RegexSampler(
                        extraRepetitions: 3 + attempt * 2 + minimum / 2, smallest: isMinimal && first)
                    guard let sample = sampler.sample(pattern, using: &rng) else {
                        throw .gaveUp(
                            "the pattern \(pattern) cannot be read to generate from", at: node.schema.roots.first)
                    }
                    text = sample
                }
            } else {
                let base =
                    isMinimal && minimum == 0
                    ? ""
                    : site.hints.text.map { RealisticValues.string(for: $0, variant: variant) }
                        ?? RealisticValues.word(variant)
                text = Self.fit(base, minimum: minimum, maximum: maximum)
            }
            guard Self.fits(text, minimum: minimum, maximum: maximum) else { continue }
            if patterns.allSatisfy({ cache.matches($0, text) }) { return .string(text) }
        }
        let what = format.map { "format \($0.rawValue)" } ?? "pattern " + node.schema.patterns.joined(separator: ", ")
        throw .gaveUp("no string found that satisfies \(what) and the length limits", at: node.schema.roots.first)
    }

    /// `text` padded with letters or cut so that its code-point count is within the bounds.
    static func fit(_ text: String, minimum: Int, maximum: Int?) -> String {
        if fits(text, minimum: minimum, maximum: maximum) { return text }
        var scalars = Array(text.unicodeScalars)
        let filler = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        var index = 0
        while scalars.count < minimum {
            scalars.append(filler[index % filler.count])
            index += 1
        }
        if let maximum, scalars.count > maximum {
            scalars.removeLast(scalars.count - maximum)
            while let last = scalars.last, last == " " { scalars.removeLast() }
            while scalars.count < minimum { scalars.append("x") }
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// Whether the code-point count is within the bounds; decided from the UTF-8 length when it can be
    /// (a code point takes one to four bytes), since counting code points walks the string.
    static func fits(_ text: String, minimum: Int, maximum: Int?) -> Bool {
        let bytes = text.utf8.count
        if bytes <= (maximum ?? Int.max), bytes >= minimum * 4 { return true }
        let count = text.unicodeScalars.count
        return count >= minimum && count <= (maximum ?? Int.max)
    }
}
