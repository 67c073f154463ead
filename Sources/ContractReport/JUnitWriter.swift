import Foundation

/// Writes a `JUnitReport` as XML, valid against the strict Ant XSD and the Jenkins XSD.
public enum JUnitWriter {
    /// Bodies longer than this many characters are cut, with a note saying how much was left out.
    public static let maximumBodyLength = 64 * 1024

    /// The report as an XML document.
    public static func xml(_ report: JUnitReport) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        // Names must be unique and non-empty for dashboards to tell cases apart.
        for (index, suite) in report.suites.enumerated() {
            write(suite, id: index, into: &xml)
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Writes the report to `url` whole or not at all (see `ReportFileWriter`), so a run killed
    /// half-way leaves the previous report whole and no partial file behind for long.
    /// - Throws: `ReportWriteError`, saying why the file could not be written and what to do.
    public static func write(_ report: JUnitReport, to url: URL) throws {
        if let obstacle = ReportWriteError.obstacle(at: url) {
            throw ReportWriteError(path: url.path, reason: obstacle)
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try ReportFileWriter.write(Data(xml(report).utf8), to: url)
        } catch {
            throw ReportWriteError(
                path: url.path,
                reason: "\((error as NSError).localizedFailureReason ?? error.localizedDescription); "
                    + "check that the folder exists and can be written")
        }
    }

    private static func write(_ suite: JUnitReport.Suite, id: Int, into xml: inout String) {
        xml += "  <testsuite"
        attribute("name", nonEmpty(suite.name, "contract"), into: &xml)
        attribute("package", nonEmpty(suite.package, "contract"), into: &xml)
        attribute("id", String(id), into: &xml)
        attribute("timestamp", XMLText.timestamp(suite.timestamp), into: &xml)
        attribute("hostname", nonEmpty(suite.hostname, "localhost"), into: &xml)
        attribute("tests", String(suite.cases.count), into: &xml)
        attribute("failures", String(suite.failures), into: &xml)
        attribute("errors", String(suite.errors), into: &xml)
        attribute("skipped", String(suite.skipped), into: &xml)
        attribute("time", XMLText.seconds(suite.time), into: &xml)
        xml += ">\n    <properties>\n"
        for property in suite.properties {
            xml += "      <property"
            attribute("name", property.name, into: &xml)
            attribute("value", property.value, into: &xml)
            xml += "/>\n"
        }
        xml += "    </properties>\n"
        var seen: [String: Int] = [:]
        for testCase in suite.cases {
            var name = nonEmpty(testCase.name, "operation")
            seen[name, default: 0] += 1
            if let count = seen[name], count > 1 { name += " (\(count))" }
            write(testCase, name: name, into: &xml)
        }
        xml += "    <system-out>" + XMLText.escapeText(suite.systemOut) + "</system-out>\n"
        xml += "    <system-err>" + XMLText.escapeText(suite.systemErr) + "</system-err>\n"
        xml += "  </testsuite>\n"
    }

    private static func write(_ testCase: JUnitReport.TestCase, name: String, into xml: inout String) {
        xml += "    <testcase"
        attribute("name", name, into: &xml)
        attribute("classname", nonEmpty(testCase.classname, "contract"), into: &xml)
        attribute("time", XMLText.seconds(testCase.time), into: &xml)
        switch testCase.outcome {
        case .passed:
            xml += "/>\n"
        case .skipped(let message):
            xml += ">\n      <skipped"
            attribute("message", message, into: &xml)
            xml += "/>\n    </testcase>\n"
        case .failed(let failure), .errored(let failure):
            let element = { if case .failed = testCase.outcome { "failure" } else { "error" } }()
            xml += ">\n      <\(element)"
            attribute("message", failure.message, into: &xml)
            attribute("type", nonEmpty(failure.type, "violation"), into: &xml)
            xml += ">" + XMLText.escapeText(truncated(failure.body)) + "</\(element)>\n    </testcase>\n"
        }
    }

    private static func attribute(_ name: String, _ value: String, into xml: inout String) {
        xml += " \(name)=\"" + XMLText.escapeAttribute(value) + "\""
    }

    private static func nonEmpty(_ value: String, _ fallback: String) -> String {
        value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? fallback : value
    }

    private static func truncated(_ body: String) -> String {
        guard body.count > maximumBodyLength else { return body }
        let kept = body.prefix(maximumBodyLength)
        return kept + "\n… \(body.count - maximumBodyLength) more characters left out"
    }
}
