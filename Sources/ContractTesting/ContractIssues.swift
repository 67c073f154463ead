#if canImport(Testing)
    import ContractInterception
    import Testing

    /// Records findings as Swift Testing issues; call it from the test's task.
    enum ContractIssues {
        static func report(_ findings: ContractFindings, at sourceLocation: SourceLocation) {
            for message in findings.messages {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        }
    }

    extension ContractBackend {
        /// Fails the current test with the violations recorded since the last report, at the caller's line.
        public func checkpoint(sourceLocation: SourceLocation = #_sourceLocation) {
            ContractIssues.report(takeFindings(), at: sourceLocation)
        }
    }
#endif
