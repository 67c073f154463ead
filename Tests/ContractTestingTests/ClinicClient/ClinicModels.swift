import Foundation

// The clinic's resources as an app would model them: enums for closed sets, `Date` for date-times,
// optionals for what the contract does not require. Dates (`format: date`) stay strings: `.iso8601`
// decodes date-times only.

enum Species: String, Codable, Sendable, CaseIterable {
    case dog, cat, rabbit, bird, reptile, other
}

enum PetStatus: String, Codable, Sendable {
    case active, deceased, transferred
}

struct NewPet: Codable, Sendable {
    var name: String
    var species: Species
    var breed: String?
    var ownerId: UUID
    var weightKg: Double?
    var tags: [String]?
}

struct Pet: Codable, Sendable {
    var id: UUID
    var name: String
    var species: Species
    var breed: String?
    var sex: String?
    var neutered: Bool?
    var dateOfBirth: String?
    var weightKg: Double?
    var microchipId: String?
    var status: PetStatus
    var ownerId: UUID
    var tags: [String]?
    var createdAt: Date
    var updatedAt: Date
}

struct PetPatch: Codable, Sendable {
    var weightKg: Double?
    var neutered: Bool?
}

struct PetList: Codable, Sendable {
    var items: [Pet]
    var nextCursor: String?
    var limit: Int?
}

struct Owner: Codable, Sendable {
    var id: UUID?
    var fullName: String
    var email: String
    var phone: String?
    var preferredContact: String?
    var marketingOptIn: Bool?
    var createdAt: Date?
}

struct NewOwner: Codable, Sendable {
    var fullName: String
    var email: String
    var portalPassword: String?
}

struct Veterinarian: Codable, Sendable {
    var id: UUID
    var name: String
    var specialties: [String]
    var clinic: String?
    var photoUrl: String?
    var acceptingNewPatients: Bool
    var internalExtension: String?
}

struct Appointment: Codable, Sendable {
    enum Kind: String, Codable, Sendable { case checkup, vaccination, surgery }
    var id: UUID?
    var kind: Kind
    var petId: UUID
    var vetId: UUID
    var startsAt: Date
    var durationMinutes: Int
    var status: String?
    var notes: String?
    var reason: String?
    var vaccines: [String]?
    var procedure: String?
    var fastingConfirmed: Bool?
    var anesthesiaRisk: String?
}

struct AppointmentList: Codable, Sendable {
    var items: [Appointment]
    var nextCursor: String?
    var limit: Int?
}

struct Money: Codable, Sendable, Equatable {
    var amountMinor: Int64
    var currency: String
}

struct Invoice: Codable, Sendable {
    struct Line: Codable, Sendable {
        var description: String
        var quantity: Int
        var unitPrice: Money
        var appointmentId: UUID?
    }
    var id: String
    var ownerId: UUID
    var status: String
    var issuedOn: String
    var dueOn: String?
    var lines: [Line]
    var total: Money
    var balanceDue: Money
}

struct PaymentRequest: Codable, Sendable {
    var method: String
    var amount: Money
    var paymentToken: String?
}

struct Payment: Codable, Sendable {
    var id: UUID
    var invoiceId: String
    var method: String
    var amount: Money
    var status: String
    var receivedAt: Date
}

struct MedicalRecordMetadata: Codable, Sendable {
    var category: String
    var title: String
    var recordedOn: String?
    var visibleToOwner: Bool?
}

struct MedicalRecord: Codable, Sendable {
    var id: UUID
    var petId: UUID
    var metadata: MedicalRecordMetadata
    var fileName: String
    var contentType: String
    var sizeBytes: Int64
    var sha256: String?
    var uploadedAt: Date
}

struct InquiryReceipt: Codable, Sendable {
    var reference: String
    var receivedAt: Date
    var expectedReplyBy: Date?
}

/// RFC 9457 problem details, for errors.
struct Problem: Codable, Sendable, Error {
    var type: String
    var title: String
    var status: Int
    var detail: String?
}
