/// Which side of an exchange an instance belongs to; decides what `readOnly` and `writeOnly` mean.
public enum ValidationContext: Sendable, Hashable {
    /// A request body: a `readOnly` property present is a violation, a required `readOnly` property may be absent.
    case request
    /// A response body: a `writeOnly` property present is a violation, a required `writeOnly` property may be absent.
    case response
    /// Neither: `readOnly` and `writeOnly` are annotations only.
    case none
}
