/// The header fields that belong to one connection rather than to the message (RFC 9110, section 7.6.1):
/// the proxy drops them on both legs and forwards every other field as it came.
enum HopByHopFields {
    /// The fields every hop ends.
    static let fixed: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade",
    ]

    /// The lowercased names to drop from a message whose `Connection` fields have `connectionValues`: the
    /// fixed ones and those the values list.
    static func names(connectionValues: [String]) -> Set<String> {
        var names = fixed
        for value in connectionValues {
            for option in value.split(separator: ",") {
                let name = option.trimmingWhitespace().lowercased()
                if !name.isEmpty { names.insert(name) }
            }
        }
        return names
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
