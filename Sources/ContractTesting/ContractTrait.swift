#if canImport(Testing)
    import ContractInterception
    import ContractSpec
    import ContractVerify
    import Foundation
    import Testing

    /// A Swift Testing trait that gives each test (each case of a parameterized test) a fake backend of
    /// its own for a contract, available as `ContractBackend.current`, and fails the test with every
    /// contract violation recorded while it ran.
    ///
    /// ```swift
    /// @Test(.contract("contracts/clinic.yaml"))
    /// func showsThePet() async throws {
    ///     let backend = try #require(ContractBackend.current)
    ///     backend.stub("getPet", .example("dog"))
    ///     let pet = try await ClinicClient(session: backend.session).pet(id: petID)
    ///     #expect(pet.name == "Biscuit")
    /// }
    /// ```
    ///
    /// Issues are recorded from the test's own task after its body returns (the URL loading thread
    /// belongs to no test), at the test's source location; `ContractBackend.checkpoint()` reports earlier,
    /// at the line that calls it.
    public struct ContractTrait: TestTrait, SuiteTrait, TestScoping {
        /// The contract's path as given.
        public var path: String
        /// The verifier's options.
        public var options: VerifierOptions
        /// Where the backends record their exchanges (`.off` for tests that break the contract on purpose).
        public var recording: ExchangeRecording
        /// Whether the backends answer from the contract (`.fake`) or forward to a real server.
        public var mode: BackendMode = .fake
        /// Prepares each backend (stubs shared by the tests of a suite, say).
        public var configure: @Sendable (ContractBackend) -> Void
        let filePath: String

        /// Applies to each test of a suite it is attached to.
        public var isRecursive: Bool { true }

        /// Runs the test with a fresh backend, then reports what it recorded.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let url = ContractBackend.contractURL(path, relativeTo: filePath)
            let backend = try ContractBackend(contract: url, options: options, recording: recording, mode: mode)
            backend.testLocation = DisplayPath.of(test.sourceLocation.filePath) + ":\(test.sourceLocation.line)"
            configure(backend)
            try await ContractBackend.$current.withValue(backend) {
                defer { ContractIssues.report(backend.takeFindings(), at: test.sourceLocation) }
                try await function()
            }
        }
    }

    extension Trait where Self == ContractTrait {
        /// A fake backend for the contract at `path` (relative to the working directory, or to a folder
        /// above the test file), made fresh for each test and reported on after it. Its exchanges are
        /// recorded for `contract-check` (see `ExchangeRecording.processDefault`) unless `recording` is `.off`.
        /// `mode: .passThrough(to:)` forwards to a real server instead, verifying its responses too.
        public static func contract(
            _ path: String, options: VerifierOptions = VerifierOptions(),
            recording: ExchangeRecording = .processDefault, mode: BackendMode = .fake, filePath: String = #filePath,
            configure: @escaping @Sendable (ContractBackend) -> Void = { _ in }
        ) -> Self {
            var trait = ContractTrait(
                path: path, options: options, recording: recording, configure: configure, filePath: filePath)
            trait.mode = mode
            return trait
        }
    }
#endif
