import ContractInterception
import ContractTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The XCTest helper: a backend per test, violations failing the test from its own thread at the line
/// that made the backend.
final class XCTestHelperTests: XCTestCase {
    func testBackendAnswersAndReportsNothingWhenValid() async throws {
        let backend = try contractBackend("contracts/clinic.yaml")
        backend.stub("getPet", .response(status: 200, headers: ["ETag": "\"1\""], json: Requests.pet))
        let (_, response) = try await backend.session.data(for: Requests.getPet())
        XCTAssertEqual(Requests.status(response), 200)
    }

    func testAssertContractFailsAtTheCallingLine() async throws {
        let backend = try contractBackend("contracts/clinic.yaml", recording: .off)
        _ = try await backend.session.data(for: Requests.getPet("not-a-uuid"))
        capturing = true
        assertContract(backend, file: "Client.swift", line: 42)
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, 42)
        let message = captured.first?.message ?? ""
        XCTAssertTrue(message.contains("error: [getPet] GET /pets/{petId} request "), message)
        XCTAssertTrue(message.contains("\"not-a-uuid\""), message)
    }

    private var capturing = false
    private var captured: [(message: String, line: Int)] = []

    /// Keeps the failures `assertContract` records while capturing, so the test can check them.
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard capturing else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, lineNumber))
    }
}
