import Foundation

extension JUnitReport {
    /// Combines the reports of sharded CI jobs: suites with the same name become one; the same test
    /// case in two shards becomes one, whose outcome is the worst seen (error, then failure, then
    /// pass, then skipped: an operation exercised in any shard is covered). Times add up, the earliest
    /// timestamp wins, exchanges add up, exercised responses are joined (a response exercised in two
    /// shards counts once), and the operation figures are counted again from the merged operation cases
    /// (not the `lint` case or the requests outside the contract). So the merged figures are those one
    /// run over all the shards' traffic reports.
    package static func merged(_ reports: [JUnitReport]) -> JUnitReport {
        var order: [String] = []
        var byName: [String: Suite] = [:]
        for suite in reports.flatMap(\.suites) {
            guard var existing = byName[suite.name] else {
                order.append(suite.name)
                byName[suite.name] = suite
                continue
            }
            existing.time += suite.time
            existing.timestamp = min(existing.timestamp, suite.timestamp)
            existing.systemOut = SystemOut.merged(existing.systemOut, suite.systemOut)
            existing.systemErr +=
                suite.systemErr.isEmpty ? "" : (existing.systemErr.isEmpty ? "" : "\n") + suite.systemErr
            for property in suite.properties {
                guard let index = existing.properties.firstIndex(where: { $0.name == property.name }) else {
                    existing.properties.append(property)
                    continue
                }
                existing.properties[index].value = combined(
                    property.name, existing.properties[index].value, property.value)
            }
            for testCase in suite.cases {
                if let index = existing.cases.firstIndex(where: {
                    $0.name == testCase.name && $0.classname == testCase.classname
                }) {
                    existing.cases[index] = combine(existing.cases[index], testCase)
                } else {
                    existing.cases.append(testCase)
                }
            }
            byName[suite.name] = existing
        }
        return JUnitReport(suites: order.compactMap { byName[$0].map(recountingCoverage) })
    }

    /// The names of the cases of a contract's suite that are not operations.
    package enum CaseName {
        /// The contract's lint result.
        package static let lint = "lint"
        /// Requests that matched no path or method of the contract.
        package static let unrouted = "requests outside the contract"

        /// Whether a case of that name is an operation's.
        static func isOperation(_ name: String) -> Bool {
            name != lint && name != unrouted
        }
    }

    /// The names of the coverage properties of a contract's suite; a merge keeps each true for the
    /// merged traffic.
    package enum CoverageProperty {
        /// Test cases (operations) in the suite.
        package static let operations = "contract-check.operations"
        /// Operations not skipped as unexercised.
        package static let exercised = "contract-check.operations.exercised"
        /// `exercised / operations` as a percentage with one decimal.
        package static let coverage = "contract-check.coverage"
        /// Operations with violations.
        package static let failing = "contract-check.operations.failing"
        /// Exchanges verified against the contract (added up by a merge).
        package static let exchanges = "contract-check.exchanges"
        /// Exchanges on hosts no contract serves (added up by a merge).
        package static let skippedExchanges = "contract-check.skipped-exchanges"
        /// `12 of 99`: documented responses exercised, of those documented.
        package static let responses = "contract-check.responses.exercised"
        /// `3 of 79`: documented error responses exercised with an error status, of those documented.
        package static let errorResponses = "contract-check.error-responses.exercised"
        /// The exercised responses themselves, `[["getPet","200"]]` (joined by a merge).
        package static let responseKeys = "contract-check.responses.exercised.list"
        /// The exercised error responses themselves (joined by a merge).
        package static let errorResponseKeys = "contract-check.error-responses.exercised.list"
    }

    /// A property's value in the merge of two shards: counts of exchanges add up, lists of exercised
    /// responses are joined; any other property keeps the first shard's value.
    private static func combined(_ name: String, _ first: String, _ second: String) -> String {
        switch name {
        case CoverageProperty.exchanges, CoverageProperty.skippedExchanges:
            guard let a = Int(first), let b = Int(second) else { return first }
            return String(a + b)
        case CoverageProperty.responseKeys, CoverageProperty.errorResponseKeys:
            guard let a = ResponseKeyList.keys(first), let b = ResponseKeyList.keys(second) else { return first }
            return ResponseKeyList.text(a + b.filter { !a.contains($0) })
        default:
            return first
        }
    }

    private static func combine(_ first: TestCase, _ second: TestCase) -> TestCase {
        var result = rank(second.outcome) > rank(first.outcome) ? second : first
        result.time = first.time + second.time
        return result
    }

    private static func rank(_ outcome: Outcome) -> Int {
        switch outcome {
        case .skipped: 0
        case .passed: 1
        case .failed: 2
        case .errored: 3
        }
    }

    private static func recountingCoverage(_ suite: Suite) -> Suite {
        var suite = suite
        let operations = suite.cases.filter { CaseName.isOperation($0.name) }
        let exercised = operations.filter { if case .skipped = $0.outcome { false } else { true } }.count
        let failing = operations.filter {
            switch $0.outcome {
            case .failed, .errored: true
            case .passed, .skipped: false
            }
        }.count
        var counted: [(String, String)] = [
            (CoverageProperty.operations, String(operations.count)),
            (CoverageProperty.exercised, String(exercised)),
            (CoverageProperty.failing, String(failing)),
            (CoverageProperty.coverage, percentage(exercised, of: operations.count)),
        ]
        for (count, list) in [
            (CoverageProperty.responses, CoverageProperty.responseKeys),
            (CoverageProperty.errorResponses, CoverageProperty.errorResponseKeys),
        ] {
            // `12 of 99`: the documented count stays, the exercised one is the joined list's length.
            guard let keys = suite.value(of: list).flatMap(ResponseKeyList.keys),
                let documented = suite.value(of: count)?.split(separator: " ").last
            else { continue }
            counted.append((count, "\(keys.count) of \(documented)"))
        }
        for (name, value) in counted {
            if let index = suite.properties.firstIndex(where: { $0.name == name }) {
                suite.properties[index].value = value
            }
        }
        return suite
    }

    /// `12.5%`, with one decimal.
    static func percentage(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0%" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

extension JUnitReport.Suite {
    /// The value of the property `name`, if the suite has one.
    fileprivate func value(of name: String) -> String? {
        properties.first { $0.name == name }?.value
    }
}
