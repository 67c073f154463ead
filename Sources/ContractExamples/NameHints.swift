import ContractJSON

/// What a property's name suggests about its value, worked out once per property (matching names is
/// string work that would otherwise dominate generating a value).
final class NameHints: Sendable {
    /// The kind of string the name suggests.
    enum Text: Sendable {
        case email, dateTime, date, firstName, lastName, fullName, phone, url, city, country, currency
        case street, postalCode, password, token, prose, title, version, locale, color, status, code
        case identifier(prefix: String)
    }

    // A class, so that passing hints down to every generated member is one reference, not three fields.
    let name: String?
    let text: Text?
    let number: DecimalText?
    /// A stable hash of the name, so that identifiers generated for different properties differ.
    let salt: UInt64

    static let empty = NameHints(name: nil, text: nil, number: nil)

    init(name: String?, text: Text?, number: DecimalText?) {
        self.name = name
        self.text = text
        self.number = number
        salt = SplitMix64.stableHash(name ?? "")
    }

    convenience init(name: String?) {
        self.init(name: name, text: name.flatMap(Self.textHint), number: name.flatMap(Self.numberHint))
    }

    /// The lower-cased name without `_` and `-`, so `created_at`, `createdAt` and `Created-At` match alike.
    private static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }

    /// Substring search on UTF-8 bytes: `String.contains(_:)` goes through Foundation's locale-aware search,
    /// which dominated building plans for large contracts.
    private static func has(_ haystack: [UInt8], _ fragment: String) -> Bool {
        let needle = Array(fragment.utf8)
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    private static let textTable: [(fragment: String, hint: Text)] = [
        ("email", .email), ("timestamp", .dateTime), ("datetime", .dateTime), ("firstname", .firstName),
        ("givenname", .firstName), ("lastname", .lastName), ("familyname", .lastName), ("surname", .lastName),
        ("phone", .phone), ("mobile", .phone), ("url", .url), ("uri", .url), ("href", .url), ("link", .url),
        ("city", .city), ("country", .country), ("currency", .currency), ("street", .street),
        ("address", .street), ("zip", .postalCode), ("postal", .postalCode), ("password", .password),
        ("secret", .password), ("token", .token), ("cursor", .token), ("description", .prose), ("notes", .prose),
        ("summary", .prose), ("comment", .prose), ("title", .title), ("subject", .title), ("version", .version),
        ("locale", .locale), ("language", .locale), ("color", .color), ("colour", .color), ("status", .status),
        ("state", .status), ("code", .code),
    ]

    private static func textHint(_ name: String) -> Text? {
        guard !name.isEmpty else { return nil }
        let key = key(name)
        let bytes = Array(key.utf8)
        let lowered = name.lowercased()
        if has(bytes, "email") { return .email }
        if name.hasSuffix("At") || lowered.hasSuffix("_at") { return .dateTime }
        if key.hasSuffix("date") || key == "birthday" || (name.hasSuffix("On") && name.count > 4) { return .date }
        if key == "id" || name.hasSuffix("Id") || lowered.hasSuffix("_id") {
            return .identifier(prefix: key.count > 2 ? String(key.dropLast(2).prefix(8)) : "id")
        }
        if key == "name" || has(bytes, "fullname") || (key.hasSuffix("name") && !key.hasSuffix("username")) {
            if key == "firstname" || key == "givenname" { return .firstName }
            if key == "lastname" || key == "familyname" { return .lastName }
            return .fullName
        }
        return textTable.first { has(bytes, $0.fragment) }?.hint
    }

    private static let numberTable: [(String, String)] = [
        ("latitude", "42.36"), ("longitude", "-71.06"), ("price", "19.99"), ("amount", "19.99"), ("total", "42"),
        ("weight", "11.4"), ("age", "4"), ("year", "2025"), ("port", "8080"), ("limit", "20"), ("pagesize", "20"),
        ("perpage", "20"), ("page", "1"), ("count", "3"), ("quantity", "2"), ("duration", "30"), ("minutes", "30"),
        ("percent", "50"), ("rating", "4"), ("size", "2048"), ("bytes", "2048"), ("status", "200"),
    ]

    private static func numberHint(_ name: String) -> DecimalText? {
        let key = key(name)
        let bytes = Array(key.utf8)
        for (fragment, value) in numberTable where has(bytes, fragment) { return DecimalText(value) }
        if key == "id" || key.hasSuffix("id") { return DecimalText("1001") }
        return nil
    }
}
