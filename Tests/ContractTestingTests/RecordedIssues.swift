import Testing

/// Runs `body` and returns the issues it records, which then do not fail the test: for the tests of where
/// and with what message the integration records issues. Issues recorded outside `body` are not touched,
/// and the caller asserts on every one returned, so none can pass unnoticed.
func issuesRecorded(by body: @escaping @Sendable () async throws -> Void) async throws -> [Issue] {
    let test = try #require(Test.current)
    let recorded = Locked<[Issue]>([])
    let capture = IssueHandlingTrait.compactMapIssues { issue in
        recorded.update { $0.append(issue) }
        return nil
    }
    try await capture.provideScope(for: test, testCase: Test.Case.current, performing: body)
    return recorded.value
}
