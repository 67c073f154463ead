/// Server-sent events as the `text/event-stream` format writes them: field lines (`data: …`, `event: …`,
/// `id: …`, `retry: …`) and comments (`: …`), an event ending at a blank line.
package struct EventStreamEvent: Hashable, Sendable {
    /// The `data` lines joined with line feeds.
    package var data: String
    package var event: String?
    package var id: String?
    package var retry: String?
    /// The line the event starts on (1-based), for messages.
    package var line: Int

    package init(data: String, event: String? = nil, id: String? = nil, retry: String? = nil, line: Int = 0) {
        self.data = data
        self.event = event
        self.id = id
        self.retry = retry
        self.line = line
    }

    /// The events of a stream, in order. Lines end with CRLF, LF or CR; a field without a colon has an
    /// empty value; one space after the colon is not part of the value; events without `data` lines
    /// (keep-alive comments, a lone `retry`) carry nothing and are left out, as browsers do. The last
    /// event counts even when the stream ends before its blank line.
    package static func events(in text: String) -> [EventStreamEvent] {
        var events: [EventStreamEvent] = []
        var data: [Substring] = []
        var current = EventStreamEvent(data: "", line: 1)
        var lineNumber = 0
        func dispatch() {
            if !data.isEmpty {
                current.data = data.joined(separator: "\n")
                events.append(current)
            }
            data = []
            current = EventStreamEvent(data: "", line: lineNumber + 1)
        }
        let normalised = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for line in normalised.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty {
                dispatch()
                continue
            }
            if line.first == ":" { continue }
            let name: Substring
            var value: Substring
            if let colon = line.firstIndex(of: ":") {
                name = line[..<colon]
                value = line[line.index(after: colon)...]
                if value.first == " " { value = value.dropFirst() }
            } else {
                name = line
                value = ""
            }
            if data.isEmpty && current.event == nil && current.id == nil && current.retry == nil {
                current.line = lineNumber
            }
            switch name {
            case "data": data.append(value)
            case "event": current.event = String(value)
            case "id": current.id = String(value)
            case "retry": current.retry = String(value)
            default: break
            }
        }
        dispatch()
        return events
    }

    /// The event as the format writes it, ending with its blank line: `event`, `id` and `retry` first when
    /// present, then one `data:` line per line of `data`.
    package var text: String {
        var text = ""
        if let event { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        return text + "\n"
    }
}
