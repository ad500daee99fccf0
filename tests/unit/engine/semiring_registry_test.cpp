// SPDX-License-Identifier: Apache-2.0
// with_semiring and semiring_names: every listed name dispatches to its semiring over each
// type the table allows and is rejected, with a clear message, over the others.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <type_traits>

#include "engine/semiring_registry.hpp"

namespace spgraph::testing {
namespace {

TEST(SemiringRegistry, NamesFollowTheTable) {
  const std::vector<std::string> want{"plus_times",  "min_plus",    "max_plus",   "max_min",
                                      "min_max",     "lor_land",    "plus_pair",  "any_pair",
                                      "any_secondi", "min_secondi", "plus_first", "plus_second",
                                      "min_first",   "min_second",  "max_first",  "max_second"};
  EXPECT_EQ(semiring_names(), want);
}

TEST(SemiringRegistry, UnknownNameListsEveryValidName) {
  try {
    with_semiring<double>("plus_plus", [](auto) { FAIL() << "must not dispatch"; });
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("unknown semiring 'plus_plus'"), std::string::npos) << msg;
    for (const std::string& n : semiring_names()) EXPECT_NE(msg.find(n), std::string::npos) << n;
  }
}

TEST(SemiringRegistry, DispatchesTheNamedSemiringOverTheRequestedType) {
  bool called = false;
  with_semiring<std::int64_t>("min_plus", [&](auto sr) {
    called = true;
    EXPECT_TRUE((std::is_same_v<decltype(sr), MinPlus<std::int64_t>>));
  });
  EXPECT_TRUE(called);
  with_semiring<bool>("lor_land",
                      [&](auto sr) { EXPECT_TRUE((std::is_same_v<decltype(sr), LorLand<bool>>)); });
  with_semiring<std::int32_t>("any_secondi", [&](auto sr) {
    EXPECT_TRUE((std::is_same_v<decltype(sr), AnySecondI<std::int32_t>>));
  });
}

TEST(SemiringRegistry, RejectsCombinationsGraphBlasDoesNotDefine) {
  auto expect_rejected = [](auto tag, const char* name, const char* accepts) {
    using T = decltype(tag);
    try {
      with_semiring<T>(name, [](auto) { FAIL() << "must not dispatch"; });
      FAIL() << "expected InvalidArgument for " << name;
    } catch (const InvalidArgument& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("is not defined over"), std::string::npos) << msg;
      EXPECT_NE(msg.find(accepts), std::string::npos) << msg;
    }
  };
  expect_rejected(double{}, "lor_land", "accepts: bool");
  expect_rejected(float{}, "any_secondi", "accepts: int32, int64");
  expect_rejected(double{}, "min_secondi", "accepts: int32, int64");
  expect_rejected(bool{}, "plus_times", "accepts: int32, int64, float, double");
}

template <class T>
class RegistryTypeTest : public ::testing::Test {};
using AllTypes = ::testing::Types<bool, std::int32_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(RegistryTypeTest, AllTypes);

TYPED_TEST(RegistryTypeTest, EveryNameDispatchesOrThrowsInvalidArgument) {
  for (const std::string& name : semiring_names()) {
    SCOPED_TRACE(name);
    bool called = false;
    try {
      with_semiring<TypeParam>(name, [&](auto sr) {
        called = true;
        EXPECT_TRUE((std::is_same_v<typename decltype(sr)::value_type, TypeParam>));
      });
    } catch (const InvalidArgument&) {
      EXPECT_FALSE(called);
      continue;
    }
    EXPECT_TRUE(called);
  }
}

}  // namespace
}  // namespace spgraph::testing
