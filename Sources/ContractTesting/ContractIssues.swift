#if canImport(Testing)
    import ContractInterception
    import Testing

    /// Records findings as Swift Testing issues; call it from the test's task.
    enum ContractIssues {
        static func report(_ findings: ContractFindings, at sourceLocation: SourceLocation) {
            for message in findings.messages {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
            // A warning: reported beside the test's result without failing it (Swift 6.3's issue severity;
            // earlier toolchains print it).
            for note in findings.notes {
                #if compiler(>=6.3)
                    Issue.record(Comment(rawValue: note), severity: .warning, sourceLocation: sourceLocation)
                #else
                    print("\(sourceLocation): warning: \(note)")
                #endif
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
