import ContractTesting
import Foundation
import Testing
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Swift snippets of README.md, as written there (DocumentationSnippetTests checks that every one
/// of them is here or in another test file), run against the clinic contract.
@Suite struct ReadmeSnippetTests {
    let petID = UUID(uuidString: "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f") ?? UUID()

    /// Every documented stub names an operation and example the contract has.
    @Test func theDocumentedStubsAreAccepted() throws {
        let backend = try ContractBackend(
            contract: ContractBackend.contractURL("contracts/clinic.yaml", relativeTo: #filePath), recording: .off)
        backend.stub("getPet", .status(404))  // the contract's 404, synthesized
        backend.stub("exportAppointments", .status(503, undocumented: true))  // answered, with a warning
        backend.stub("getPet", .example("catUnknownAge"))  // a named example of the first documented 2xx
        backend.stub("listPets", .generated(mode: .random(seed: 7)))  // from the schema even where examples exist
        backend.stub("createPet", .response(status: 201, headers: ["Location": "/pets/1"], json: #"{"id":"1"}"#))
        backend.stub("deletePet", .respond { request in ContractResponse(status: 204) })
        backend.stub("listPets", .failure(.timedOut))  // a transport error
        backend.stub("listPets", .sequence(.status(429), .status(429), .status(200)))  // one per call
        backend.stub("listPets", .delayed(by: .milliseconds(300)))
        backend.stub("downloadMedicalRecord", .throttled(bytesPerSecond: 10_000))
        backend.stubAll(.failure(.notConnectedToInternet))  // every operation without a stub of its own
        #expect(backend.problems.isEmpty, "\(backend.problems)")
    }

    @Test(.contract("contracts/clinic.yaml", recording: .off))
    func expectingAViolation() async throws {
        let backend = try #require(ContractBackend.current)
        let petURL = try #require(URL(string: "https://api.clinic.example.com/v1/pets/\(petID)"))
        let violations = try await backend.expectViolations {
            _ = try await backend.session.data(from: petURL)  // no Authorization header
        }
        #expect(violations.map(\.kind) == [.security])
    }

    @Test(.contract("contracts/clinic.yaml", options: VerifierOptions(baseURLs: ["http://localhost:8080/v1"])))
    func talksToTheLocalServer() async throws {
        let backend = try #require(ContractBackend.current)
        var request = URLRequest(url: try #require(URL(string: "http://localhost:8080/v1/pets/\(petID)")))
        request.setValue(Requests.bearer, forHTTPHeaderField: "Authorization")
        _ = try await backend.session.data(for: request)
        #expect(backend.exchanges(for: "getPet").count == 1)
    }
}

/// README.md's XCTest example.
final class ClinicXCTests: XCTestCase {
    let petID = UUID(uuidString: "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f") ?? UUID()

    func testShowsThePet() async throws {
        let backend = try contractBackend("contracts/clinic.yaml")  // reported at this line on tear-down
        let pet = try await ClinicClient(session: backend.session).pet(id: petID)
        XCTAssertEqual(pet.species, .dog)
    }
}
