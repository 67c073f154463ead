extension Diagnostic {
    /// `" and in N other places"` for a warning given once at the first of `count` places ("" for one).
    static func otherPlaces(_ count: Int) -> String {
        switch count {
        case 1: ""
        case 2: " and in 1 other place"
        default: " and in \(count - 1) other places"
        }
    }
}
