/// Warnings as the default run prints them: grouped by rule, the rules with the most warnings first; the
/// first few of each rule in full, then one line saying how many more there are. A contract with
/// hundreds of warnings of one kind then takes a few lines, and its errors stay in view. `--verbose`
/// prints every warning; the reports keep them all.
struct WarningDigest<Warning> {
    /// How many warnings of a rule are printed in full.
    static var shown: Int { 3 }

    let rule: (Warning) -> String
    let lines: (Warning) -> [String]

    /// The lines for `warnings` (in the order given within each rule); `file` names where they are, in the
    /// line that counts the rest.
    func render(_ warnings: [Warning], file: String) -> [String] {
        var order: [String] = []
        var byRule: [String: [Warning]] = [:]
        for warning in warnings {
            let name = rule(warning)
            if byRule[name] == nil { order.append(name) }
            byRule[name, default: []].append(warning)
        }
        let sorted = order.enumerated().sorted { first, second in
            let (a, b) = (byRule[first.element]?.count ?? 0, byRule[second.element]?.count ?? 0)
            return a != b ? a > b : first.offset < second.offset
        }.map(\.element)
        var output: [String] = []
        for name in sorted {
            let group = byRule[name] ?? []
            output += group.prefix(Self.shown).flatMap(lines)
            let more = group.count - Self.shown
            guard more > 0 else { continue }
            output.append(
                "\(file): warning: \(more) more like these (\(group.count) in all; --verbose prints each, "
                    + "the reports keep them all) [\(name)]")
        }
        return output
    }
}
