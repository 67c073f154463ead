import Testing

@testable import ContractVerify

/// Reading and writing `text/event-stream` as the format defines it.
@Suite struct EventStreamTests {
    @Test("fields, multi-line data, comments, CRLF, events without data, and a last event without its blank line")
    func parsing() {
        let text =
            ": keep-alive\r\nevent: created\r\nid: 7\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\n"
            + "retry: 3000\r\n\r\ndata:no space\n\ndata: last"
        let events = EventStreamEvent.events(in: text)
        #expect(events.map(\.data) == ["{\"a\":\n1}", "no space", "last"])
        #expect(events.first?.event == "created" && events.first?.id == "7")
        #expect(events.first?.line == 2)
        #expect(events.map(\.retry) == [nil, nil, nil], "a lone retry carries no data and is no event")
    }

    @Test("written events read back the same")
    func roundTrip() {
        let events = [
            EventStreamEvent(data: "{\"a\":1}", event: "created", id: "1", retry: "10"),
            EventStreamEvent(data: "two\nlines"), EventStreamEvent(data: "[DONE]"),
        ]
        let text = events.map(\.text).joined()
        #expect(text.hasSuffix("data: [DONE]\n\n"))
        let read = EventStreamEvent.events(in: text).map {
            EventStreamEvent(data: $0.data, event: $0.event, id: $0.id, retry: $0.retry)
        }
        #expect(read == events)
    }

    @Test("a terminator is the bracketed word after data:, else a bare [DONE]; none otherwise")
    func terminators() {
        #expect(StreamTerminator.documented(in: ["The stream ends with `data: [END_OF_STREAM]`."]) == "[END_OF_STREAM]")
        #expect(StreamTerminator.documented(in: ["Ends with a [DONE] message."]) == "[DONE]")
        #expect(StreamTerminator.documented(in: ["Partial answers as server-sent events.", "data: {\"a\": 1}"]) == nil)
    }
}
