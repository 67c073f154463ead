import Foundation

/// Dispatches `contract-bench <benchmark> …`.
enum BenchmarkMain {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        usage: contract-bench load [--json] [--scales 1,2,4] [FILE…]
          load   time parse, resolve and compile of each FILE (default: a generated synthetic contract at
                 several scales, and every document in ../shared/corpora/real-world), next to the floors:
                 Yams.compose for YAML, JSONSerialization for JSON.
        """

    static func run(_ arguments: [String]) throws {
        guard let command = arguments.first else { throw UsageError(description: usage) }
        switch command {
        case "load": try LoadBenchmark.run(Array(arguments.dropFirst()))
        case "load-one": try LoadBenchmark.runOne(Array(arguments.dropFirst()))
        default: throw UsageError(description: usage)
        }
    }
}
