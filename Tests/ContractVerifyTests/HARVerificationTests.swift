import ContractVerify
import Testing

@Suite struct HARVerificationTests {
    @Test func everyRecordedExchangeIsClean() throws {
        let exchanges = try Clinic.har("contracts/clinic.har")
        #expect(exchanges.count == 21)
        for exchange in exchanges {
            let verdict = Clinic.verifier.verify(exchange: exchange)
            #expect(verdict.violations.isEmpty, "\(exchange.request.requestLine): \(verdict.violations.map(\.description))")
            #expect(verdict.request.operation != nil)
        }
    }

    @Test func strictModeAcceptsTheRecordingToo() throws {
        for exchange in try Clinic.har("contracts/clinic.har") {
            let verdict = Clinic.strictVerifier.verify(exchange: exchange)
            #expect(verdict.violations.isEmpty, "\(exchange.request.requestLine): \(verdict.violations.map(\.description))")
        }
    }

    @Test func violationsRecordingGivesExactlyTheListedViolations() throws {
        let exchanges = try Clinic.har("Tests/Fixtures/har/clinic-violations.har")
        let verdicts = exchanges.map { Clinic.verifier.verify(exchange: $0) }
        let found = verdicts.map {
            $0.violations.map {
                "\($0.operation?.name ?? "-") \($0.kind) \($0.location) \($0.instancePath.map(String.init(describing:)) ?? "-") \($0.keyword ?? "-")"
            }
        }
        #expect(
            found == [
                ["createPet request.body.schema request.body $ required"],
                ["listPets response.body.schema response(200).body $.items[1].weightKg type"],
                ["submitInquiry response.status.undocumented response(200).status - -"],
            ])
        for verdict in verdicts { print(verdict.violations.map(\.description).joined(separator: "\n")) }
    }
}
