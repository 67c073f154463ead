import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One method per operation of the clinic contract.
extension ClinicClient {
    func listPets(species: [Species] = [], limit: Int? = nil) async throws -> PetList {
        var query: [URLQueryItem] = []
        if !species.isEmpty { query.append(URLQueryItem(name: "species", value: species.map(\.rawValue).joined(separator: ","))) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await decode(PetList.self, request("GET", "/pets", query: query))
    }

    func createPet(_ pet: NewPet) async throws -> Pet {
        try await decode(Pet.self, json(request("POST", "/pets"), pet))
    }

    func pet(id: UUID) async throws -> Pet {
        try await decode(Pet.self, request("GET", "/pets/\(id.lowercased)"))
    }

    func replacePet(id: UUID, with pet: NewPet, etag: String) async throws -> Pet {
        var request = try json(request("PUT", "/pets/\(id.lowercased)"), pet)
        request.setValue(etag, forHTTPHeaderField: "If-Match")
        return try await decode(Pet.self, request)
    }

    func updatePet(id: UUID, _ patch: PetPatch) async throws -> Pet {
        try await decode(Pet.self, json(request("PATCH", "/pets/\(id.lowercased)"), patch, type: "application/merge-patch+json"))
    }

    func deletePet(id: UUID) async throws {
        _ = try await send(request("DELETE", "/pets/\(id.lowercased)"))
    }

    func uploadRecord(petId: UUID, metadata: MedicalRecordMetadata, pdf: Data) async throws -> MedicalRecord {
        let boundary = "clinic-\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\n".utf8)
        body.append(Data("Content-Type: application/json\r\n\r\n".utf8))
        body.append(try Self.encoder.encode(metadata))
        body.append(Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"lab.pdf\"\r\n".utf8))
        body.append(Data("Content-Type: application/pdf\r\n\r\n".utf8))
        body.append(pdf)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        var request = try request("POST", "/pets/\(petId.lowercased)/records")
        request.httpBody = body
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        return try await decode(MedicalRecord.self, request)
    }

    func downloadRecord(petId: UUID, recordId: UUID) async throws -> (Data, String?) {
        var request = try request("GET", "/pets/\(petId.lowercased)/records/\(recordId.lowercased)")
        request.setValue("application/pdf, image/*", forHTTPHeaderField: "Accept")
        let (data, response) = try await send(request)
        return (data, response.value(forHTTPHeaderField: "Content-Type"))
    }

    func createOwner(_ owner: NewOwner) async throws -> Owner {
        try await decode(Owner.self, json(request("POST", "/owners"), owner))
    }

    func owner(id: UUID) async throws -> Owner {
        try await decode(Owner.self, request("GET", "/owners/\(id.lowercased)"))
    }

    func listAppointments(kind: Appointment.Kind? = nil, from: String? = nil) async throws -> AppointmentList {
        var query: [URLQueryItem] = []
        if let kind { query.append(URLQueryItem(name: "filter[kind]", value: kind.rawValue)) }
        if let from { query.append(URLQueryItem(name: "filter[from]", value: from)) }
        return try await decode(AppointmentList.self, request("GET", "/appointments", query: query))
    }

    func book(_ appointment: Appointment, idempotencyKey: String) async throws -> Appointment {
        var request = try json(request("POST", "/appointments"), appointment)
        request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        return try await decode(Appointment.self, request)
    }

    func appointment(id: UUID) async throws -> Appointment {
        try await decode(Appointment.self, request("GET", "/appointments/\(id.lowercased)"))
    }

    func cancelAppointment(id: UUID, reason: String, notifyOwner: Bool = true) async throws {
        let query = [URLQueryItem(name: "reason", value: reason), URLQueryItem(name: "notifyOwner", value: String(notifyOwner))]
        _ = try await send(request("DELETE", "/appointments/\(id.lowercased)", query: query))
    }

    func veterinarians(acceptingNewPatients: Bool? = nil) async throws -> [Veterinarian] {
        let query = acceptingNewPatients.map { [URLQueryItem(name: "acceptingNewPatients", value: String($0))] } ?? []
        return try await decode([Veterinarian].self, request("GET", "/veterinarians", query: query), authenticated: false)
    }

    func submitInquiry(name: String, email: String, message: String, days: [String]) async throws -> InquiryReceipt {
        var form = URLComponents()
        form.queryItems =
            [
                URLQueryItem(name: "name", value: name), URLQueryItem(name: "email", value: email),
                URLQueryItem(name: "message", value: message),
            ] + days.map { URLQueryItem(name: "preferredDays", value: $0) }
        var request = try request("POST", "/inquiries")
        // URLComponents leaves `+` and `@` alone in queries; a form body needs them encoded.
        let body = (form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
            .replacingOccurrences(of: "@", with: "%40")
        request.httpBody = Data(body.utf8)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        return try await decode(InquiryReceipt.self, request, authenticated: false)
    }

    func invoice(id: String) async throws -> Invoice {
        try await decode(Invoice.self, request("GET", "/invoices/\(id)"))
    }

    func pay(invoiceId: String, _ payment: PaymentRequest, idempotencyKey: String) async throws -> Payment {
        var request = try json(request("POST", "/invoices/\(invoiceId)/payments"), payment)
        request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        return try await decode(Payment.self, request)
    }

    func exportAppointments(from: String, to: String, user: String, password: String) async throws -> String {
        var request = try request(
            "GET", "/reports/appointments", query: [URLQueryItem(name: "from", value: from), URLQueryItem(name: "to", value: to)])
        request.setValue("text/csv", forHTTPHeaderField: "Accept")
        request.setValue("Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let (data, _) = try await send(request, authenticated: false)
        return String(decoding: data, as: UTF8.self)
    }
}

extension UUID {
    /// The lower-case form APIs use in paths.
    var lowercased: String { uuidString.lowercased() }
}
