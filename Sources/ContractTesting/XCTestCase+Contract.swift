#if canImport(XCTest)
    import ContractInterception
    import ContractSpec
    import ContractVerify
    import XCTest

    extension XCTestCase {
        /// A fake backend for the contract at `path` for this test: its violations fail the test at the
        /// calling line when the test tears down (from the test's thread, never the URL loading one). Its
        /// exchanges are recorded for `contract-check` unless `recording` is `.off`; `mode: .passThrough(to:)`
        /// forwards to a real server instead.
        ///
        /// ```swift
        /// func testShowsThePet() async throws {
        ///     let backend = try contractBackend("contracts/clinic.yaml")
        ///     let pet = try await ClinicClient(session: backend.session).pet(id: petID)
        ///     XCTAssertEqual(pet.species, .dog)
        /// }
        /// ```
        public func contractBackend(
            _ path: String, options: VerifierOptions = VerifierOptions(),
            recording: ExchangeRecording = .processDefault, mode: BackendMode = .fake,
            file: StaticString = #filePath, line: UInt = #line
        ) throws -> ContractBackend {
            let url = ContractBackend.contractURL(path, relativeTo: "\(file)")
            let backend = try ContractBackend(contract: url, options: options, recording: recording, mode: mode)
            backend.testLocation = DisplayPath.of("\(file)") + ":\(line)"
            addTeardownBlock {
                assertContract(backend, file: file, line: line)
            }
            return backend
        }
    }

    /// Fails the current XCTest test with the violations `backend` recorded since the last report.
    public func assertContract(_ backend: ContractBackend, file: StaticString = #filePath, line: UInt = #line) {
        let findings = backend.takeFindings()
        for message in findings.messages {
            XCTFail(message, file: file, line: line)
        }
        // XCTest has no warnings: a note is printed where the test's output shows it.
        for note in findings.notes { print("\(file):\(line): warning: \(note)") }
    }
#endif
