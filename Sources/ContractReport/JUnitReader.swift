import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads JUnit XML back into a `JUnitReport`, for merging the reports of sharded CI jobs.
///
/// It reads the shape `JUnitWriter` writes (and the common variants: a bare `<testsuite>` root,
/// `<error>` beside `<failure>`); anything else in the file is ignored.
package enum JUnitReader {
    /// Why a report could not be read.
    package struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the line when the XML parser knows it.
        package let description: String
    }

    /// Parses a report.
    package static func read(_ data: Data, path: String) throws(Failure) -> JUnitReport {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            let message = parser.parserError.map { "\($0.localizedDescription)" } ?? "unreadable XML"
            throw Failure(description: "\(path):\(parser.lineNumber): error: not a JUnit XML report: \(message)")
        }
        guard delegate.sawReport else {
            throw Failure(
                description: "\(path):1: error: not a JUnit XML report: no <testsuites> or <testsuite> element")
        }
        return JUnitReport(suites: delegate.suites)
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var suites: [JUnitReport.Suite] = []
        var sawReport = false
        private var suite: JUnitReport.Suite?
        private var testCase: JUnitReport.TestCase?
        private var failure: (isError: Bool, message: String, type: String)?
        private var text = ""
        private var element = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            element = name
            text = ""
            if name == "testsuites" || name == "testsuite" { sawReport = true }
            switch name {
            case "testsuite":
                suite = JUnitReport.Suite(
                    name: attributes["name"] ?? "", package: attributes["package"] ?? attributes["name"] ?? "",
                    timestamp: Self.date(attributes["timestamp"]), hostname: attributes["hostname"] ?? "localhost",
                    time: Double(attributes["time"] ?? "") ?? 0)
            case "property":
                suite?.properties.append(.init(attributes["name"] ?? "", attributes["value"] ?? ""))
            case "testcase":
                testCase = JUnitReport.TestCase(
                    name: attributes["name"] ?? "", classname: attributes["classname"] ?? "",
                    time: Double(attributes["time"] ?? "") ?? 0)
            case "failure", "error":
                failure = (name == "error", attributes["message"] ?? "", attributes["type"] ?? "")
            case "skipped":
                testCase?.outcome = .skipped(attributes["message"] ?? "")
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "failure", "error":
                if let failure {
                    let content = JUnitReport.Failure(message: failure.message, type: failure.type, body: text)
                    testCase?.outcome = failure.isError ? .errored(content) : .failed(content)
                }
                failure = nil
            case "testcase":
                if let testCase { suite?.cases.append(testCase) }
                testCase = nil
            case "system-out":
                suite?.systemOut = text
            case "system-err":
                suite?.systemErr = text
            case "testsuite":
                if let suite { suites.append(suite) }
                suite = nil
            default:
                break
            }
            text = ""
        }

        private static func date(_ text: String?) -> Date {
            guard let text else { return Date(timeIntervalSince1970: 0) }
            if let date = UTCTimestamp.parse(text, zoneOptional: true) { return date }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
                ?? Date(timeIntervalSince1970: 0)
        }
    }
}
