import ContractVerify

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
        fixed.union(FieldTokens.of(connectionValues))
    }
}
