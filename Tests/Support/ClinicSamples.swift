/// Values valid in the bundled clinic contract, shared by the fake backend's test targets.
public enum ClinicSamples {
    /// The production base URL.
    public static let base = "https://api.clinic.example.com/v1"
    /// A well-formed bearer token.
    public static let bearer = "Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFmZiJ9.c2lnbmF0dXJl"
    /// A pet's id.
    public static let petId = "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f"
    /// A valid `Pet` with only its required properties.
    public static let pet =
        #"{"id":"8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f","name":"Biscuit","species":"dog","status":"active","#
        + #""ownerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","createdAt":"2023-02-11T15:20:00Z","#
        + #""updatedAt":"2025-01-09T10:02:11Z"}"#
}
