import ContractVerify
import Foundation
import Testing

@testable import ContractInterception

/// A recorded exchange keeps its fields in one shared object (see `ExchangeStorage`); copies must still behave
/// as values: changing one (as `markCancelled` changes the log's) leaves the others as they were.
@Suite struct ExchangeCopyTests {
    private func exchange() -> RecordedExchange {
        RecordedExchange(
            .init(
                request: HTTPRequest(method: "GET", path: "/pets"), operation: nil, response: nil, failure: nil,
                source: .unmatched, requestViolations: [], stubViolations: [], receivedAt: Date(timeIntervalSince1970: 0),
                scheduledDelay: .zero, wasCancelled: false, operationKey: nil, number: 1))
    }

    @Test func changingACopyLeavesTheOriginal() {
        let original = exchange()
        var copy = original
        copy.wasCancelled = true
        copy.number = 2
        copy.request.path = "/owners"
        copy.response = HTTPResponse(status: 204)
        #expect(!original.wasCancelled && original.number == 1 && original.request.path == "/pets")
        #expect(original.response == nil)
        #expect(copy.wasCancelled && copy.number == 2 && copy.request.path == "/owners")
        #expect(copy.response?.status == 204)
    }

    @Test func changingTheOriginalLeavesACopy() {
        var original = exchange()
        let copy = original
        original.source = .synthesized
        original.stubViolations = copy.requestViolations
        #expect(copy.source == .unmatched)
        #expect(original.source == .synthesized)
    }

    @Test func aLoneExchangeChangesInPlace() {
        var exchange = exchange()
        exchange.number = 7
        exchange.number += 1
        #expect(exchange.number == 8)
    }
}
