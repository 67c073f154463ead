import Foundation

extension JUnitReport {
    /// Combines the reports of sharded CI jobs: suites with the same name become one; the same test
    /// case in two shards becomes one, whose outcome is the worst seen (error, then failure, then
    /// pass, then skipped: an operation exercised in any shard is covered). Times add up, the earliest
    /// timestamp wins, and the coverage properties are counted again from the merged cases.
    public static func merged(_ reports: [JUnitReport]) -> JUnitReport {
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
            existing.systemOut +=
                suite.systemOut.isEmpty ? "" : (existing.systemOut.isEmpty ? "" : "\n") + suite.systemOut
            existing.systemErr +=
                suite.systemErr.isEmpty ? "" : (existing.systemErr.isEmpty ? "" : "\n") + suite.systemErr
            for property in suite.properties where !existing.properties.contains(where: { $0.name == property.name }) {
                existing.properties.append(property)
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

    /// Property names whose values are counted from the cases, so they stay true after a merge.
    public enum CoverageProperty {
        /// Test cases (operations) in the suite.
        public static let operations = "contract-check.operations"
        /// Operations not skipped as unexercised.
        public static let exercised = "contract-check.operations.exercised"
        /// `exercised / operations` as a percentage with one decimal.
        public static let coverage = "contract-check.coverage"
        /// Operations with violations.
        public static let failing = "contract-check.operations.failing"
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
        let exercised = suite.cases.filter { if case .skipped = $0.outcome { false } else { true } }.count
        let counted: [(String, String)] = [
            (CoverageProperty.operations, String(suite.cases.count)),
            (CoverageProperty.exercised, String(exercised)),
            (CoverageProperty.failing, String(suite.failures + suite.errors)),
            (CoverageProperty.coverage, percentage(exercised, of: suite.cases.count)),
        ]
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
