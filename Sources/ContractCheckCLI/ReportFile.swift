import ArgumentParser
import ContractReport
import Foundation

/// Writes a JUnit report for a command: a path that cannot take it is one line on standard error, saying
/// what is wrong and what to do, and the command exits 1.
enum ReportFile {
    static func write(_ report: JUnitReport, to url: URL) throws {
        do {
            try JUnitWriter.write(report, to: url)
        } catch let error as ReportWriteError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
