import Foundation
import Testing

@testable import ContractVerify

@Suite struct HTTPDateTests {
    @Test func formatsAndReadsTheIMFFixdate() throws {
        #expect(HTTPDate.format(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        let read = try #require(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(read.timeIntervalSince1970 == 784_111_777)
        let now = Int(Date().timeIntervalSince1970)
        #expect(HTTPDate.parse(HTTPDate.format(secondsSince1970: now))?.timeIntervalSince1970 == Double(now))
    }

    @Test(arguments: [
        "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "0", "", "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
    ])
    func refusesOtherForms(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
