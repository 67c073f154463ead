import ArgumentParser
import ContractReport
import Foundation

/// `contract-check merge`: one JUnit report from the reports of sharded CI jobs.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge JUnit reports from sharded CI jobs into one.",
        discussion: """
            Suites with the same name become one; an operation reported by several shards becomes one test \
            case with the worst outcome (an error, then a failure, then a pass; skipped only if every shard \
            skipped it). Exchanges add up, a response exercised in several shards counts once, and the lint \
            case is not an operation: the merged figures are those of one run over all the shards' traffic.
            Exit status: 0 when merged, 1 when a report cannot be read, 64 on a usage error.
            """
    )

    @Argument(help: "JUnit XML reports to merge.")
    var reports: [String]

    @Option(name: .shortAndLong, help: "Where to write the merged report.")
    var output: String

    func validate() throws {
        if reports.isEmpty { throw ValidationError("name at least one report to merge") }
    }

    func run() throws {
        var parsed: [JUnitReport] = []
        for path in reports {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): error: cannot read the file")
                throw ExitCode(1)
            }
            do {
                parsed.append(try JUnitReader.read(data, path: path))
            } catch {
                print(error.description)
                throw ExitCode(1)
            }
        }
        let merged = JUnitReport.merged(parsed)
        try ReportFile.write(merged, to: URL(fileURLWithPath: output))
        let cases = merged.suites.reduce(0) { $0 + $1.cases.count }
        print("merged \(reports.count) reports into \(output): \(merged.suites.count) suites, \(cases) test cases")
    }
}
