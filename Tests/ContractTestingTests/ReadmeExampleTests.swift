import ContractTesting
import Foundation
import Testing

/// The example of Docs/ContractTesting.md, as written there.
@Suite struct ReadmeExampleTests {
    let petID = UUID(uuidString: "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f") ?? UUID()

    @Test(.contract("contracts/clinic.yaml"))
    func showsThePet() async throws {
        let backend = try #require(ContractBackend.current)  // this test's own fake backend
        backend.stub("getPet", .example("dog"))  // default: the first documented 2xx, synthesized
        let pet = try await ClinicClient(session: backend.session).pet(id: petID)
        #expect(pet.name == "Biscuit")
        #expect(backend.exchanges(for: "getPet").count == 1)  // what the client sent, for assertions
    }
}
