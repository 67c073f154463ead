import Foundation

/// A JUnit XML report: the format CI dashboards (Jenkins, GitLab, GitHub, Azure DevOps, Buildkite) read.
///
/// The writer emits the Apache Ant shape, which both widely used XSDs accept (the strict Ant one
/// and the lenient Jenkins/Surefire one): `<testsuites>` without attributes; each `<testsuite>`
/// with `name`, `package`, `id`, `timestamp` (UTC, no zone), `hostname`, counts and `time`, then
/// `<properties>`, the test cases, `<system-out>` and `<system-err>`; at most one `<failure>`,
/// `<error>` or `<skipped>` per test case. Neither XSD allows `file`/`line` on a test case, so the
/// place of a failure is written in its message and body instead.
public struct JUnitReport: Sendable, Hashable {
    /// One suite: for ContractCheck, one contract.
    public struct Suite: Sendable, Hashable {
        /// The suite's name (the contract's title or file).
        public var name: String
        /// The package the strict XSD requires (the contract file).
        public var package: String
        /// When the run started.
        public var timestamp: Date
        /// The machine it ran on.
        public var hostname: String
        /// Seconds the suite took.
        public var time: Double
        /// Name-value pairs shown by most dashboards (coverage figures, versions).
        public var properties: [Property]
        /// The test cases, in order.
        public var cases: [TestCase]
        /// Free text for `<system-out>`.
        public var systemOut: String
        /// Free text for `<system-err>`.
        public var systemErr: String

        /// Creates a suite.
        public init(
            name: String, package: String, timestamp: Date, hostname: String, time: Double = 0,
            properties: [Property] = [],
            cases: [TestCase] = [], systemOut: String = "", systemErr: String = ""
        ) {
            self.name = name
            self.package = package
            self.timestamp = timestamp
            self.hostname = hostname
            self.time = time
            self.properties = properties
            self.cases = cases
            self.systemOut = systemOut
            self.systemErr = systemErr
        }

        /// How many cases failed.
        public var failures: Int { cases.filter { if case .failed = $0.outcome { true } else { false } }.count }
        /// How many cases errored.
        public var errors: Int { cases.filter { if case .errored = $0.outcome { true } else { false } }.count }
        /// How many cases were skipped.
        public var skipped: Int { cases.filter { if case .skipped = $0.outcome { true } else { false } }.count }
    }

    /// A `<property name value>`.
    public struct Property: Sendable, Hashable {
        /// The name.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a property.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// One test case: for ContractCheck, one operation.
    public struct TestCase: Sendable, Hashable {
        /// The case's name (`operationId`, or `GET /pets/{id}`).
        public var name: String
        /// Its class name (the contract's title or file).
        public var classname: String
        /// Seconds it took.
        public var time: Double
        /// How it ended.
        public var outcome: Outcome

        /// Creates a test case.
        public init(name: String, classname: String, time: Double = 0, outcome: Outcome = .passed) {
            self.name = name
            self.classname = classname
            self.time = time
            self.outcome = outcome
        }
    }

    /// How a test case ended.
    public enum Outcome: Sendable, Hashable {
        /// Nothing wrong.
        case passed
        /// A check failed.
        case failed(Failure)
        /// The check itself could not run.
        case errored(Failure)
        /// Not run; the message says why (`not exercised`).
        case skipped(String)
    }

    /// The content of a `<failure>` or `<error>`.
    public struct Failure: Sendable, Hashable {
        /// A one-line summary.
        public var message: String
        /// The kind (the strict XSD requires it).
        public var type: String
        /// The full text.
        public var body: String

        /// Creates a failure.
        public init(message: String, type: String, body: String) {
            self.message = message
            self.type = type
            self.body = body
        }
    }

    /// The suites.
    public var suites: [Suite]

    /// Creates a report.
    public init(suites: [Suite]) {
        self.suites = suites
    }
}
