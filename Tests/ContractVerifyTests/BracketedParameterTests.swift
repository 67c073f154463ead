import ContractJSON
import Testing

@testable import ContractVerify

/// Arrays and objects written with brackets (`expand[]=a`, `items[0][price]=p`, `metadata[order]=6735`)
/// in the query and in form bodies, and parameters whose schema is a union.
@Suite struct BracketedParameterTests {
    static let contract = FixtureContract("billing-forms.yaml")
    static let customers = "https://api.billing.example.com/v1/customers"
    static let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]

    func query(_ query: String) -> [String] { Self.contract.kinds("GET", Self.customers + "?" + query) }
    func post(_ body: String) -> [String] { Self.contract.kinds("POST", Self.customers, headers: Self.form, body: body) }

    @Test(arguments: [
        "expand%5B%5D=customer&expand%5B%5D=invoice.lines",
        "expand[]=customer&expand[]=invoice.lines",
        "expand%5B0%5D=customer&expand%5B1%5D=invoice",
        "ids[]=4&ids[]=5&limit=3",
        "created=1700000000",
        "created[gte]=1700000000&created[lt]=1800000000",
        "created%5Bgte%5D=1700000000",
        "customer_ids=4,5",
        "customer_ids=all",
        "customer_ids=4",
    ])
    func bracketedAndUnionQueryParametersPass(_ text: String) {
        #expect(query(text) == [])
    }

    @Test func mistakesInBracketedQueryParametersAreStillCaught() throws {
        // A wrong element type inside `ids[]` and `expand[]`.
        #expect(query("ids[]=4&ids[]=five") == ["request.parameter.schema"])
        #expect(query("expand[][field]=customer") == ["request.parameter.schema"])
        // Neither branch of the union takes the value.
        #expect(query("created=yesterday") == ["request.parameter.schema"])
        #expect(query("created[gte]=yesterday") == ["request.parameter.schema"])
        #expect(query("created[since]=1700000000") == ["request.parameter.schema"])
        // An array written as an object, and a parameter that only takes an array sent plain.
        #expect(query("ids[first]=4") == ["request.parameter.schema"])
        #expect(query("expand=customer") == ["request.parameter.malformed"])
        #expect(query("created=1700000000&created[gte]=1") == ["request.parameter.malformed"])
        // Read by each branch of its union, the value fits none.
        #expect(query("customer_ids=4,five") == ["request.parameter.schema"])
        #expect(query("customer_ids=none") == ["request.parameter.schema"])
        let violation = try #require(Self.contract.violations("GET", Self.customers + "?ids[]=4&ids[]=five")?.first)
        #expect(violation.instancePath.map(String.init(describing:)) == "$[1]")
        #expect(violation.description.contains(#"expected integer, got string "five""#))
    }

    @Test(arguments: [
        "email=jenny%40example.com&expand[]=customer&expand[]=invoice",
        "metadata[order]=6735&metadata[channel]=web",
        "metadata=",
        "items[0][price]=price_1&items[0][quantity]=2&items[1][price]=price_2",
        "items%5B0%5D%5Bprice%5D=price_1",
        "trial_end=now",
        "trial_end=1700000000",
        "email=a%40b.c&metadata%5Border%5D=6735&items%5B0%5D%5Bquantity%5D=1&trial_end=now&expand%5B%5D=x",
    ])
    func bracketedAndUnionFormFieldsPass(_ body: String) {
        #expect(post(body) == [])
    }

    @Test func mistakesInBracketedFormFieldsAreStillCaught() throws {
        #expect(post("items[0][quantity]=two") == ["request.body.schema"])
        #expect(post("items[0][colour]=red") == ["request.body.schema"])
        #expect(post("items[0]=price_1") == ["request.body.schema"])
        #expect(post("trial_end=later") == ["request.body.schema"])
        #expect(post("metadata=gold") == ["request.body.schema"])
        #expect(post("metadata=&metadata[order]=1") == ["request.body.malformed"])
        #expect(post("items[]=a&items[first]=b") == ["request.body.malformed"])
        #expect(post("nickname=jen") == ["request.body.schema"])
        let violation = try #require(
            Self.contract.violations("POST", Self.customers, headers: Self.form, body: "items[1][quantity]=2&items[0][quantity]=x")?
                .first)
        // Items are placed by index: the bad quantity is the first item's.
        #expect(violation.instancePath.map(String.init(describing:)) == "$.items[0].quantity")
    }

    @Test func bracketsNestByTheSchema() throws {
        let item = ValueShape(types: ["object"], items: nil, properties: [:], additionalProperties: nil)
        let list = ValueShape(types: ["array"], items: item, properties: [:], additionalProperties: nil)
        func entry(_ keys: [String], _ value: String) -> BracketNesting.Entry {
            BracketNesting.Entry(keys: keys[...], value: value)
        }
        let nested = try BracketNesting.nest(
            [entry(["1", "price"], "b"), entry(["0", "price"], "a"), entry(["0", "quantity"], "2")], shape: list,
            name: "items")
        #expect(
            nested
                == .array([
                    .object([.init(key: "price", value: .string("a")), .init(key: "quantity", value: .string("2"))]),
                    .object([.init(key: "price", value: .string("b"))]),
                ]))
        // Where the schema takes no array, digits are member names.
        let object = try BracketNesting.nest([entry(["0"], "a")], shape: item, name: "metadata")
        #expect(object == .object([.init(key: "0", value: .string("a"))]))
        #expect(BracketNesting.split("items[0][price]")?.keys == ["0", "price"])
        #expect(BracketNesting.split("items[0") == nil)
        #expect(BracketNesting.split("[0]") == nil)
        let deep = Array(repeating: "a", count: BracketNesting.maximumDepth + 1)
        #expect(throws: DecodeFailure.self) { try BracketNesting.nest([entry(deep, "x")], shape: .any, name: "n") }
    }

    @Test func unionsTypeTextByTheBranchThatTakesIt() {
        let now = ValueShape(
            types: ["string"], items: nil, properties: [:], additionalProperties: nil, listedValues: [.string("now")])
        let integer = ValueShape(types: ["integer", "number"], items: nil, properties: [:], additionalProperties: nil)
        let text = ValueShape(types: ["string"], items: nil, properties: [:], additionalProperties: nil)
        let union = ValueShape(
            types: ["string", "integer", "number"], items: nil, properties: [:], additionalProperties: nil,
            branches: [now, integer])
        #expect(DecodedValue.coerce("now", to: union) == "now")
        #expect(DecodedValue.coerce("1700000000", to: union) == .number(JSONNumber(text: "1700000000")))
        #expect(DecodedValue.coerce("soon", to: union) == "soon")
        let textOrInteger = ValueShape(
            types: ["string", "integer", "number"], items: nil, properties: [:], additionalProperties: nil,
            branches: [text, integer])
        #expect(DecodedValue.coerce("42", to: textOrInteger) == .number(JSONNumber(text: "42")))
        #expect(DecodedValue.coerce("forty", to: textOrInteger) == "forty")
    }
}
