import ContractVerify
import Testing

@Suite struct ViolationTableTests {
    static let all = ViolationCase.requestCases + ViolationCase.responseCases + ViolationCase.validCases

    @Test func thereAreAtLeastFortyWrongExchanges() {
        #expect(ViolationCase.requestCases.count + ViolationCase.responseCases.count >= 40)
    }

    @Test(arguments: all) func producesExactlyTheExpectedKinds(_ testCase: ViolationCase) {
        let verifier =
            testCase.options.map { ContractVerifier(document: Clinic.document, options: $0) }
            ?? (testCase.strict ? Clinic.strictVerifier : Clinic.verifier)
        let violations: [ContractViolation]
        if let response = testCase.response {
            violations = verifier.verify(exchange: HTTPExchange(request: testCase.request, response: response)).violations
        } else {
            violations = verifier.verifyRequest(testCase.request).violations
        }
        #expect(violations.map(\.kind.rawValue) == testCase.expected, "\(violations.map(\.description))")
    }
}
