/// Plausible strings for what a property's name suggests. They are only proposals: the generator keeps
/// one only when it satisfies the schema's own constraints.
enum RealisticValues {
    private static let firstNames = ["Dana", "Amara", "Luis", "Mei", "Jonas", "Priya", "Tomas", "Ingrid"]
    private static let lastNames = ["Whitfield", "Okafor", "Moreno", "Chen", "Berg", "Raman", "Silva", "Larsen"]
    private static let cities = ["Springfield", "Portland", "Lyon", "Osaka", "Bergen", "Austin"]
    private static let words = ["alpha", "bravo", "cedar", "delta", "ember", "fjord", "garnet", "harbor"]

    /// A word for names that suggest nothing.
    static func word(_ variant: Int) -> String {
        words[variant % words.count]
    }

    /// An address at a reserved example domain.
    static func email(_ variant: Int) -> String {
        let first = firstNames[variant % firstNames.count].lowercased()
        let last = lastNames[(variant / firstNames.count + variant) % lastNames.count].lowercased()
        return first + "." + last + "@example.com"
    }

    /// The proposal for a hint; siblings (`variant`) get different ones.
    static func string(for hint: NameHints.Text, variant: Int) -> String {
        let first = firstNames[variant % firstNames.count]
        let last = lastNames[(variant + 3) % lastNames.count]
        switch hint {
        case .email: return email(variant)
        case .dateTime: return FormatSamples.dateTime(variant)
        case .date: return FormatSamples.date(variant)
        case .identifier(let prefix): return prefix + "_" + String(1000 + variant)
        case .firstName: return first
        case .lastName: return last
        case .fullName: return first + " " + last
        case .phone: return "+1617555" + String(1000 + variant % 9000)
        case .url: return "https://example.com/" + words[variant % words.count]
        case .city: return cities[variant % cities.count]
        case .country: return ["US", "FR", "JP", "NO"][variant % 4]
        case .currency: return ["USD", "EUR", "JPY"][variant % 3]
        case .street: return String(12 + variant) + " Harbor Street"
        case .postalCode: return ["02139", "97201", "69002"][variant % 3]
        case .password: return "correct-horse-battery-staple"
        case .token: return "eyJvZmZzZXQiOj" + String(20 + variant) + "fQ"
        case .prose: return "Routine follow-up; no concerns noted."
        case .title: return "Quarterly checkup"
        case .version: return "1." + String(variant) + ".0"
        case .locale: return ["en-US", "fr-FR", "ja-JP"][variant % 3]
        case .color: return ["brown", "black", "white"][variant % 3]
        case .status: return ["active", "pending", "closed"][variant % 3]
        case .code: return "AB" + String(100 + variant)
        }
    }
}
