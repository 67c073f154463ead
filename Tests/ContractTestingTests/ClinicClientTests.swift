import ContractInterception
import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hand-written client against synthesized answers: every call passes verification (the trait fails
/// the test otherwise) and every response decodes, in each synthesis mode.
@Suite struct ClinicClientTests {
    static let modes: [ResponseMode] = [.full, .minimal] + (1...30).map { .random(seed: UInt64($0)) }
    static let petId = UUID(uuidString: "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f") ?? UUID()
    static let ownerId = UUID(uuidString: "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e") ?? UUID()

    @Test(.contract("contracts/clinic.yaml"), arguments: modes)
    func everyOperation(mode: ResponseMode) async throws {
        let backend = try #require(ContractBackend.current)
        backend.stubAll(.synthesized(mode: mode))
        let client = ClinicClient(session: backend.session)
        _ = try await client.listPets(species: [.dog, .cat], limit: 20)
        let pet = try await client.createPet(NewPet(name: "Pepper", species: .rabbit, ownerId: Self.ownerId))
        _ = try await client.pet(id: Self.petId)
        _ = try await client.replacePet(
            id: Self.petId, with: NewPet(name: "Pepper", species: .rabbit, ownerId: Self.ownerId), etag: "\"v1\"")
        _ = try await client.updatePet(id: Self.petId, PetPatch(weightKg: 1.7))
        try await client.deletePet(id: Self.petId)
        _ = try await client.uploadRecord(
            petId: Self.petId, metadata: MedicalRecordMetadata(category: "lab_result", title: "Bloodwork"),
            pdf: Data("%PDF-1.4\n".utf8))
        _ = try await client.downloadRecord(petId: Self.petId, recordId: Self.petId)
        _ = try await client.createOwner(NewOwner(fullName: "Dana Reyes", email: "dana@example.net"))
        _ = try await client.owner(id: Self.ownerId)
        _ = try await client.listAppointments(kind: .checkup, from: "2025-03-01")
        let appointment = Appointment(
            kind: .checkup, petId: Self.petId, vetId: Self.petId, startsAt: Date(timeIntervalSince1970: 1_742_481_000),
            durationMinutes: 30, reason: "Annual wellness exam")
        _ = try await client.book(appointment, idempotencyKey: "book-2025-03-20-biscuit")
        _ = try await client.appointment(id: Self.petId)
        try await client.cancelAppointment(id: Self.petId, reason: "rescheduled")
        _ = try await client.veterinarians(acceptingNewPatients: true)
        _ = try await client.submitInquiry(
            name: "Sam", email: "sam+vet@example.org", message: "Do you see budgies?", days: ["mon", "fri"])
        _ = try await client.invoice(id: "INV-2025-000142")
        _ = try await client.pay(
            invoiceId: "INV-2025-000142",
            PaymentRequest(
                method: "card", amount: Money(amountMinor: 8950, currency: "USD"),
                paymentToken: "tok_4eC39HqLyjWDarjtT1zdp7dc"),
            idempotencyKey: "pay-INV-2025-000142")
        _ = try await client.exportAppointments(from: "2025-03-10", to: "2025-03-14", user: "frontdesk", password: "s3cret")
        #expect(backend.exchanges.count == 19)
        #expect(Set(backend.exchanges.compactMap(\.operation?.operationId)).count == 19)
        _ = pet
    }

    @Test(.contract("contracts/clinic.yaml"))
    func retriesServerErrors() async throws {
        let backend = try #require(ContractBackend.current)
        backend.stub("listPets", .sequence(.status(503), .status(503), .status(200)))
        let list = try await ClinicClient(session: backend.session).listPets()
        #expect(backend.exchanges(for: "listPets").map { $0.response?.status } == [503, 503, 200])
        _ = list
    }

    @Test(.contract("contracts/clinic.yaml"))
    func retriesTimeouts() async throws {
        let backend = try #require(ContractBackend.current)
        backend.stub("getPet", .sequence(.failure(.timedOut), .status(200)))
        _ = try await ClinicClient(session: backend.session).pet(id: Self.petId)
        #expect(backend.exchanges(for: "getPet").count == 2)
    }

    @Test(.contract("contracts/clinic.yaml"))
    func refreshesTheTokenOn401() async throws {
        let backend = try #require(ContractBackend.current)
        backend.stub("getPet", .sequence(.status(401), .status(200)))
        let tokens = TokenStore()
        _ = try await ClinicClient(session: backend.session, tokens: tokens).pet(id: Self.petId)
        #expect(await tokens.refreshes == 1)
        let sent = backend.exchanges(for: "getPet").map { $0.request.headers["Authorization"] ?? "" }
        #expect(sent.count == 2)
        #expect(sent.first != sent.last)
    }

    @Test(.contract("contracts/clinic.yaml"))
    func namedExampleAndPreferHeader() async throws {
        let backend = try #require(ContractBackend.current)
        backend.stub("getPet", .example("catUnknownAge"))
        let pet = try await ClinicClient(session: backend.session).pet(id: Self.petId)
        #expect(pet.name == "Miso")
        #expect(pet.dateOfBirth == nil)
        var request = try ClinicClient(session: backend.session).request("GET", "/pets/\(Self.petId.lowercased)")
        request.setValue("code=404, example=notFound", forHTTPHeaderField: "Prefer")
        request.setValue("Bearer abc", forHTTPHeaderField: "Authorization")
        let (data, response) = try await backend.session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        _ = data
    }

    @Test(.contract("contracts/clinic.yaml"))
    func notFoundDecodesAsProblem() async throws {
        let backend = try #require(ContractBackend.current)
        backend.stub("getPet", .example("notFound", status: 404))
        await #expect(throws: Problem.self) { try await ClinicClient(session: backend.session).pet(id: Self.petId) }
    }
}
